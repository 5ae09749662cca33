import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { TextField } from "#app/components/fields.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";

/**
 * The early-access form at #request-early-access (docs/product.md#landing): an email and the
 * terms, posted to the page's action; once subscribed, a message takes the form's place.
 *
 * The landing page is a stranger's first load on a slow phone, so this one form carries no
 * client-side validation library: the action checks it (the same zod schema) and the page
 * comes back with the errors by each field and what was typed, with or without JavaScript.
 */
export function EarlyAccess({
  subscribed,
  lastResult,
}: {
  subscribed: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t } = useTranslation("landing");
  const message = useMessage();
  const busy = useNavigation().formAction?.startsWith("/?index") ?? false;
  const errors = (name: string) => [...new Set(lastResult?.error?.[name] ?? [])];
  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const emailErrors = errors("email");
  const termsErrors = errors("terms");
  const formErrors = errors("");
  return (
    <section
      id="request-early-access"
      aria-labelledby="early-access-title"
      className="landing-section"
    >
      <Flex direction="column" gap="3" className="narrow-column">
        <Heading as="h2" size="6" id="early-access-title">
          {t("earlyAccess.title")}
        </Heading>
        {subscribed ? (
          <Callout.Root color="grass" role="status">
            <Callout.Text>{t("earlyAccess.done")}</Callout.Text>
          </Callout.Root>
        ) : (
          <>
            <Text as="p" color="gray">
              {t("earlyAccess.lead")}
            </Text>
            {/* The fragment brings the reader back here, to the message or the errors. */}
            <Form method="post" action="/?index#request-early-access" noValidate>
              <Flex direction="column" gap="4">
                <Flex direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" htmlFor="early-access-email">
                    {t("earlyAccess.email")}
                  </Text>
                  <TextField.Root
                    id="early-access-email"
                    name="email"
                    type="email"
                    size="3"
                    autoComplete="email"
                    defaultValue={typeof typed.email === "string" ? typed.email : ""}
                    aria-invalid={emailErrors.length > 0 || undefined}
                    aria-describedby={emailErrors.length ? "early-access-email-error" : undefined}
                    required
                  />
                  <Errors id="early-access-email-error" errors={emailErrors} show={message} />
                </Flex>
                <Flex direction="column" gap="1">
                  <Text as="label" size="2">
                    <Flex gap="2" align="start">
                      <input
                        type="checkbox"
                        name="terms"
                        className="native-checkbox"
                        defaultChecked={typed.terms === "on"}
                        aria-invalid={termsErrors.length > 0 || undefined}
                        aria-describedby={
                          termsErrors.length ? "early-access-terms-error" : undefined
                        }
                        required
                      />
                      {/* In pieces, not <Trans>: its 4 KB of script are not worth one sentence here. */}
                      <span>
                        {t("earlyAccess.termsBefore")}{" "}
                        <Link to="/terms" target="_blank" className="inline-link">
                          {t("earlyAccess.termsLink")}
                        </Link>{" "}
                        {/* Its own space, if any: Italian elides ("e l'Informativa"). */}
                        {t("earlyAccess.termsJoin")}
                        <Link to="/privacy" target="_blank" className="inline-link">
                          {t("earlyAccess.privacyLink")}
                        </Link>
                      </span>
                    </Flex>
                  </Text>
                  <Errors id="early-access-terms-error" errors={termsErrors} show={message} />
                </Flex>
                <Errors id="early-access-error" errors={formErrors} show={message} />
                <Button type="submit" size="3" loading={busy}>
                  {t("earlyAccess.submit")}
                </Button>
              </Flex>
            </Form>
          </>
        )}
      </Flex>
    </section>
  );
}

function Errors({
  id,
  errors,
  show,
}: {
  id: string;
  errors: string[];
  show: (key: string) => string;
}) {
  return (
    <div id={id} aria-live="polite">
      {errors.map((error) => (
        <Text key={error} as="p" size="2" color="red" mt="1">
          {show(error)}
        </Text>
      ))}
    </div>
  );
}
