import { Form, Link } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { DropPage, GuestFile } from "#app/services/api/drops.server.ts";
import { dateTimeFormat, formatFileSize } from "#domain/format.ts";

/** The team's logo and name, the link's title and message, and its deadline in its own zone. */
export function DropHeader({ page }: { page: DropPage }) {
  const { t, i18n } = useTranslation("files");
  const deadline =
    page.deadlineAt === null
      ? null
      : dateTimeFormat(i18n.language, {
          dateStyle: "full",
          timeStyle: "short",
          timeZone: page.timeZone,
        }).format(page.deadlineAt);
  return (
    <Flex direction="column" gap="3" asChild>
      <header>
        <Flex align="center" gap="3">
          {page.team.logoUrl ? (
            <img className="drop-logo" src={page.team.logoUrl} alt="" width={48} height={48} />
          ) : null}
          <Text size="3" weight="medium" data-testid="drop-team">
            {page.team.name}
          </Text>
        </Flex>
        <Heading as="h1" size="7">
          {page.title}
        </Heading>
        {page.message ? (
          <Text as="p" size="3" className="drop-message">
            {page.message}
          </Text>
        ) : null}
        {deadline && page.state === "open" ? (
          <Text as="p" size="2" color="gray" suppressHydrationWarning>
            {t("guest.deadline", { when: deadline, zone: page.timeZone.replaceAll("_", " ") })}
          </Text>
        ) : null}
      </header>
    </Flex>
  );
}

/** A link that takes no files: why, and what the guest may do. */
export function ClosedNotice({ state }: { state: "paused" | "revoked" | "expired" | "open" }) {
  const { t } = useTranslation("files");
  if (state === "open") return null;
  return (
    <Callout.Root color={state === "paused" ? "amber" : "gray"} role="status">
      <Flex direction="column" gap="1">
        <Heading as="h2" size="4">
          {t(`guest.closed.${state}.title`)}
        </Heading>
        <Callout.Text>{t(`guest.closed.${state}.message`)}</Callout.Text>
      </Flex>
    </Callout.Root>
  );
}

/**
 * After a send: how many arrived, and the way to send more: a link to the page, or with
 * JavaScript a button that empties the upload list.
 */
export function ThankYou({ count, again }: { count: number; again: string | (() => void) }) {
  const { t } = useTranslation("files");
  return (
    <Flex direction="column" gap="3">
      <Callout.Root color="grass" role="status">
        <Callout.Text data-testid="drop-thanks">{t("guest.thanks.title", { count })}</Callout.Text>
      </Callout.Root>
      <Flex>
        {typeof again === "string" ? (
          <Button asChild size="3">
            <Link to={again}>{t("guest.thanks.more")}</Link>
          </Button>
        ) : (
          <Button size="3" onClick={again}>
            {t("guest.thanks.more")}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

/** What this browser sent: held ones marked, a Delete button within the hour. */
export function SentList({
  files,
  now,
  timeZone,
}: {
  files: GuestFile[];
  now: number;
  /** The link's: the guest's browser's is unknown to the server that renders the page. */
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("files");
  const time = dateTimeFormat(i18n.language, { timeStyle: "short", timeZone });
  return (
    <section aria-labelledby="drop-sent-title">
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4" id="drop-sent-title">
          {t("guest.sent.title")}
        </Heading>
        <ul className="plain-list drop-sent-list">
          {files.map((file) => (
            <li key={file.fileId} className="drop-sent-row">
              <Flex align="center" gap="3" justify="between">
                <Flex direction="column" gap="1" minWidth="0">
                  <Text size="2" weight="medium" truncate>
                    {file.name}
                  </Text>
                  <Text size="1" color="gray" suppressHydrationWarning>
                    {[
                      formatFileSize(file.size, i18n.language),
                      file.held ? t("guest.sent.held") : null,
                      file.status === "uploading" ? t("guest.sent.uploading") : null,
                      file.status === "failed" ? t("guest.sent.failed") : null,
                      now < file.deletableUntil
                        ? t("guest.sent.deletableUntil", { time: time.format(file.deletableUntil) })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                </Flex>
                {now < file.deletableUntil ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="fileId" value={file.fileId} />
                    <Button
                      type="submit"
                      variant="soft"
                      color="red"
                      aria-label={t("guest.sent.deleteLabel", { name: file.name })}
                    >
                      {t("guest.sent.delete")}
                    </Button>
                  </Form>
                ) : null}
              </Flex>
            </li>
          ))}
        </ul>
      </Flex>
    </section>
  );
}
