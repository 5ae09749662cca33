import { Link } from "@remix-run/react";
import { useState } from "react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { TextField } from "#app/components/fields.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

type ShownCredentials = {
  teamAlias: string | null;
  teamId: string;
  username: string;
  password: string;
};

/**
 * The dialog a member's dialog turns into once it has made an internal contributor or a new
 * password for one (adding a member, resetting a password): their sign-in details, shown once,
 * and a way back to the team page `base`.
 */
export function CredentialsDialog({
  credentials,
  base,
}: {
  credentials: ShownCredentials;
  base: string;
}) {
  const { t } = useTranslation("teams");
  return (
    <RouteDialog
      title={t("members.credentials.title")}
      closeTo={base}
      closeLabel={t("members.close")}
    >
      <CredentialsCard credentials={credentials} doneTo={base} />
    </RouteDialog>
  );
}

/**
 * An internal contributor's sign-in details, shown once (docs/product.md#internal-members): team
 * code, username, password. Read-only fields anyone can select; with JavaScript each has a copy
 * button.
 */
export function CredentialsCard({
  credentials,
  doneTo,
}: {
  credentials: ShownCredentials;
  doneTo: string;
}) {
  const { t } = useTranslation("teams");
  const rows = [
    {
      id: "team-code",
      label: t("members.credentials.teamCode"),
      value: credentials.teamAlias ?? credentials.teamId,
    },
    { id: "username", label: t("members.credentials.username"), value: credentials.username },
    { id: "password", label: t("members.credentials.password"), value: credentials.password },
  ];
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="amber" highContrast role="note">
        <Callout.Text>{t("members.credentials.intro")}</Callout.Text>
      </Callout.Root>
      {rows.map((row) => (
        <Flex direction="column" gap="1" key={row.id}>
          <Text as="label" size="2" weight="medium" htmlFor={`credentials-${row.id}`}>
            {row.label}
          </Text>
          <Flex gap="2">
            <TextField.Root
              id={`credentials-${row.id}`}
              readOnly
              value={row.value}
              className="credential-value"
              style={{ flexGrow: 1 }}
            />
            <CopyButton value={row.value} what={row.label} />
          </Flex>
        </Flex>
      ))}
      <Flex justify="end">
        <Button asChild size="3">
          <Link to={doneTo}>{t("members.credentials.done")}</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

/** Its name starts with the word it shows (Copy, then Copied), as voice control expects. */
function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation("teams");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      variant="soft"
      aria-label={
        copied
          ? t("members.credentials.copiedWhat", { what })
          : t("members.credentials.copy", { what })
      }
      onClick={async () => {
        await navigator.clipboard.writeText(value);
        setCopied(true);
      }}
    >
      {copied ? t("members.credentials.copied") : t("members.credentials.copyShort")}
    </Button>
  );
}
