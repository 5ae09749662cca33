import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { FilePicture, FileTypeIcon } from "#app/files/file-preview-icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * The preview's stage: the picture (or the type icon, with download for a file that has no
 * preview) between the previous and next links.
 */
export function PreviewStage({
  file,
  previousHref,
  nextHref,
  downloadHref,
}: {
  file: { fileId: string; name: string; contentType: string; previewUrl: string | null };
  previousHref: string | null;
  nextHref: string | null;
  /** The download's address, or null when the caller may not download from the preview. */
  downloadHref: string | null;
}) {
  const { t } = useTranslation("files");
  const isImage = file.contentType.startsWith("image/");
  return (
    <div className="file-preview-stage">
      {previousHref ? (
        <StepLink to={previousHref} label={t("preview.previous")} className="file-preview-prev">
          <Icon name="chevron-left" size={24} />
        </StepLink>
      ) : null}
      {isImage && file.previewUrl ? (
        <FilePicture
          key={file.fileId}
          url={file.previewUrl}
          contentType={file.contentType}
          alt={file.name}
          className="file-preview-image"
          iconSize={96}
        />
      ) : (
        <Flex direction="column" align="center" gap="4" className="file-preview-none">
          <FileTypeIcon contentType={file.contentType} size={96} />
          <Text color="gray">{isImage ? t("preview.processing") : t("preview.noPreview")}</Text>
          {downloadHref ? (
            <Button asChild>
              <Link to={downloadHref} reloadDocument>
                <Icon name="download" />
                {t("preview.download")}
              </Link>
            </Button>
          ) : null}
        </Flex>
      )}
      {nextHref ? (
        <StepLink to={nextHref} label={t("preview.next")} className="file-preview-next">
          <Icon name="chevron-right" size={24} />
        </StepLink>
      ) : null}
    </div>
  );
}

/** Previous or next: it replaces the preview in the history, so Back leaves the preview. */
function StepLink({
  to,
  label,
  className,
  children,
}: {
  to: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <IconButton asChild size="4" variant="soft" color="gray" highContrast className={className}>
      <Link to={to} replace preventScrollReset aria-label={label}>
        {children}
      </Link>
    </IconButton>
  );
}
