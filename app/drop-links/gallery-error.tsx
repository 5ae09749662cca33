import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/** A guest gallery's page that failed: a revoked link says so (ADR 100), the rest as anywhere. */
export function GalleryErrorBoundary() {
  const { t } = useTranslation("files");
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        410: () => ({
          title: t("gallery.revokedTitle"),
          message: t("messages:errors.dropLinkRevoked"),
        }),
      }}
    />
  );
}
