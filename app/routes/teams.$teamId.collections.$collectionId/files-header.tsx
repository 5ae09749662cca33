import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * Back to the team, the collection's name, refresh, mark all as read and download all (forms that
 * post, with or without JavaScript), the drop links for owners and admins, and upload for those
 * who may add files.
 */
export function FilesHeader({
  name,
  teamName,
  teamBase,
  uploadHref,
  markReadAction,
  download,
  linksHref,
}: {
  name: string;
  teamName: string;
  teamBase: string;
  /** The upload dialog's address, or null when the caller may not upload here. */
  uploadHref: string | null;
  /** Where "mark all as read" posts: this screen, with its filters. */
  markReadAction: string;
  /** The whole collection as a zip: the team's download action, or null when the caller may not. */
  download: { action: string; collectionId: string } | null;
  /** The collection's drop links (ADR 097), for owners and admins; null for other roles. */
  linksHref: string | null;
}) {
  const { t } = useTranslation("files");
  const location = useLocation();
  const navigation = useNavigation();
  const marking =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "markRead";
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
      <Form method="post" action={markReadAction} preventScrollReset>
        <Button
          type="submit"
          name="intent"
          value="markRead"
          variant="soft"
          color="gray"
          disabled={marking}
        >
          <Icon name="check-circled" />
          {t("screen.markRead")}
        </Button>
      </Form>
      {download ? (
        // The same post as the collection's menu on the team page: then its download dialog.
        <Form method="post" action={download.action}>
          <input type="hidden" name="collectionId" value={download.collectionId} />
          <input type="hidden" name="name" value={name} />
          <Button type="submit" variant="soft" color="gray">
            <Icon name="download" />
            {t("screen.downloadAll")}
          </Button>
        </Form>
      ) : null}
      {linksHref ? (
        <Button asChild variant="soft" color="gray">
          <Link to={linksHref}>{t("screen.dropLinks")}</Link>
        </Button>
      ) : null}
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
