import { Form, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * The second step: the alias as typed, the warning that it can never change, back (to the field,
 * with what was typed) or create.
 */
export function ConfirmAliasForm({ alias }: { alias: string }) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <input type="hidden" name="alias" value={alias} />
      <Flex direction="column" gap="4">
        <Text as="p" weight="bold">
          {t("alias.confirmTitle", { alias })}
        </Text>
        <Callout.Root color="amber" highContrast role="note">
          <Callout.Text>{t("alias.confirmText")}</Callout.Text>
        </Callout.Root>
        <Flex justify="end" gap="3">
          <Button
            type="submit"
            name="intent"
            value="back"
            variant="soft"
            color="gray"
            formNoValidate
          >
            {t("alias.back")}
          </Button>
          <Button type="submit" name="intent" value="create" size="3" loading={busy}>
            {t("alias.confirm")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
