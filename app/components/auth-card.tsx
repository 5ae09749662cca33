import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { Trans, useTranslation } from "#app/i18n/react.tsx";
import { Callout } from "./callout.tsx";
import { TextLink } from "./text-link.tsx";

/** The narrow card every account page sits in. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Flex justify="center" className="page">
      <Card size="4" className="auth-card">
        <Flex direction="column" gap="5">
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {children}
        </Flex>
      </Card>
    </Flex>
  );
}

/** A way on from an account page: to sign in, to ask for a new link. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text size="2">
      <TextLink asChild>
        <Link to={to}>{children}</Link>
      </TextLink>
    </Text>
  );
}

/**
 * An account page that cannot go on (a link that is wrong, used or incomplete): why, as an alert
 * (or a note, for what is not an error), and the way on.
 */
export function AuthProblem({
  title,
  message,
  note = false,
  next,
}: {
  title: ReactNode;
  message: ReactNode;
  note?: boolean;
  next: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <Callout.Root
        color={note ? "amber" : "red"}
        highContrast={note}
        role={note ? "note" : "alert"}
      >
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      {next}
    </AuthCard>
  );
}

/** A sentence of the `auth` namespace that names an email address in bold. */
export function AddressSentence({ i18nKey, email }: { i18nKey: string; email: string }) {
  const { t } = useTranslation("auth");
  return (
    <Text as="p">
      <Trans t={t} i18nKey={i18nKey} values={{ email }} components={{ strong: <strong /> }} />
    </Text>
  );
}
