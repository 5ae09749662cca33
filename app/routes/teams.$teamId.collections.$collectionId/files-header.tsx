import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Flex, Heading } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * Back to the team, the collection's name, refresh, mark all as read (a form that posts, with or
 * without JavaScript), and upload for those who may add files.
 */
export function FilesHeader({
  name,
  teamName,
  teamBase,
  uploadHref,
  markReadAction,
}: {
  name: string;
  teamName: string;
  teamBase: string;
  /** The upload dialog's address, or null when the caller may not upload here. */
  uploadHref: string | null;
  /** Where "mark all as read" posts: this screen, with its filters. */
  markReadAction: string;
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
