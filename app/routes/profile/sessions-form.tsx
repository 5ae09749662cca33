import { Form, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * Where the account is signed in: sign out of the other devices (this one stays), or sign out
 * everywhere, this one too (ADR 085). One plain form, each button its own intent.
 */
export function SessionsSection() {
  const { t } = useTranslation("profile");
  const intent = useNavigation().formData?.get("intent");
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="sessions-title">
        <Heading as="h2" size="5" id="sessions-title">
          {t("sessions.title")}
        </Heading>
        <Form method="post" action="/profile" preventScrollReset>
          <Flex direction="column" gap="4">
            <Text as="p" size="2" color="gray">
              {t("sessions.intro")}
            </Text>
            <Flex gap="3" justify="end" wrap="wrap">
              <Button
                type="submit"
                name="intent"
                value="signOutOthers"
                size="3"
                variant="soft"
                loading={intent === "signOutOthers"}
              >
                {t("sessions.others")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="signOutEverywhere"
                size="3"
                color="red"
                variant="soft"
                loading={intent === "signOutEverywhere"}
              >
                {t("sessions.everywhere")}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </section>
    </Flex>
  );
}
