import { Link, useLocation } from "@remix-run/react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/** Back to the team, the collection's name, refresh, and upload for those who may add files. */
export function FilesHeader({
  name,
  teamName,
  teamBase,
  uploadHref,
}: {
  name: string;
  teamName: string;
  teamBase: string;
  /** The upload dialog's address, or null when the caller may not upload here. */
  uploadHref: string | null;
}) {
  const { t } = useTranslation("files");
  const location = useLocation();
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <IconButton asChild variant="ghost" size="3">
        <Link to={teamBase} aria-label={t("screen.back", { team: teamName })}>
          <Icon name="arrow-left" size={20} />
        </Link>
      </IconButton>
      <Heading as="h1" size="7" className="files-title">
        {name}
      </Heading>
      <IconButton asChild variant="soft" color="gray">
        <Link
          to={`${location.pathname}${location.search}`}
          preventScrollReset
          aria-label={t("screen.refresh")}
        >
          <Icon name="reload" />
        </Link>
      </IconButton>
      {uploadHref ? (
        <Button asChild ml="auto">
          <Link to={uploadHref} preventScrollReset>
            <Icon name="upload" />
            {t("screen.upload")}
          </Link>
        </Button>
      ) : null}
    </Flex>
  );
}
