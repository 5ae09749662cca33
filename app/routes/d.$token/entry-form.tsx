import { Form, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { TextField } from "#app/components/fields.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { DropPage } from "#app/services/api/drops.server.ts";
import { GUEST_NAME_MAX } from "#domain/drop-links.ts";

/** What the entry post answered when it did not let the guest in. */
export interface EntryResult {
  /** A translation key for the whole form: a wrong PIN says only that. */
  formError?: string;
  fieldErrors?: { name?: string; email?: string };
  values?: { name: string; email: string };
}

/**
 * The questions a link asks before its guest sends (ADR 098): its PIN, the guest's name
 * (required or optional) and email (optional), as the link says. A plain form that posts.
 */
export function EntryForm({ page, result }: { page: DropPage; result?: EntryResult }) {
  const { t } = useTranslation("files");
  const busy = useNavigation().state === "submitting";
  const nameRequired = page.askName === "required";
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" aria-labelledby="drop-entry-title">
      <input type="hidden" name="intent" value="enter" />
      <Flex direction="column" gap="4">
        <Text as="p" size="3" id="drop-entry-title" weight="medium">
          {t("guest.entry.title")}
        </Text>
        {result?.formError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t(result.formError)}</Callout.Text>
          </Callout.Root>
        ) : null}
        {page.needsPin ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="drop-pin">
              {t("guest.entry.pin")}
            </Text>
            <TextField.Root
              id="drop-pin"
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{4,8}"
              maxLength={8}
              required
              size="3"
              aria-describedby="drop-pin-hint"
            />
            <Text id="drop-pin-hint" size="1" color="gray">
              {t("guest.entry.pinHint")}
            </Text>
          </Flex>
        ) : null}
        {page.askName !== "off" ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="drop-name">
              {nameRequired ? t("guest.entry.name") : t("guest.entry.nameOptional")}
            </Text>
            <TextField.Root
              id="drop-name"
              name="name"
              autoComplete="name"
              maxLength={GUEST_NAME_MAX}
              required={nameRequired}
              defaultValue={result?.values?.name}
              size="3"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "drop-name-error" : "drop-name-hint"}
            />
            {errors.name ? (
              <Text id="drop-name-error" size="1" color="red">
                {t(errors.name, { max: GUEST_NAME_MAX })}
              </Text>
            ) : (
              <Text id="drop-name-hint" size="1" color="gray">
                {t("guest.entry.nameHint")}
              </Text>
            )}
          </Flex>
        ) : null}
        {page.askEmail ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="drop-email">
              {t("guest.entry.email")}
            </Text>
            <TextField.Root
              id="drop-email"
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={result?.values?.email}
              size="3"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? "drop-email-error" : "drop-email-hint"}
            />
            {errors.email ? (
              <Text id="drop-email-error" size="1" color="red">
                {t(errors.email)}
              </Text>
            ) : (
              <Text id="drop-email-hint" size="1" color="gray">
                {t("guest.entry.emailHint")}
              </Text>
            )}
          </Flex>
        ) : null}
        <Flex>
          <Button type="submit" size="3" loading={busy}>
            {t("guest.entry.submit")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
