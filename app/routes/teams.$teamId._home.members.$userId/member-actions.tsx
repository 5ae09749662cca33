import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Separator, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Member } from "#app/services/api/members.server.ts";
import { CONFIRMED_ACTIONS, type ConfirmedAction } from "./confirm.ts";
import type { ActionAnswer, Allowed } from "./member.server.ts";
import { RenameForm } from "./rename-form.tsx";
import { RoleForm } from "./role-form.tsx";

/**
 * What the caller may do with this member, each its own small form: rename, change the role,
 * disable, reactivate, resend the invitation, reset the password; and, after a confirmation (a
 * link, so that it works without JavaScript), ban, make owner (ADR 095) and remove.
 */
export function MemberActions({
  base,
  member,
  allowed,
  confirm,
  answer,
}: {
  base: string;
  member: Member;
  allowed: Allowed;
  confirm: ConfirmedAction | null;
  answer: ActionAnswer | undefined;
}) {
  const { t } = useTranslation("teams");
  const busy = useNavigation().state === "submitting";
  const self = `${base}/members/${encodeURIComponent(member.userId)}`;
  const simple = (
    [
      ["disable", t("members.actions.disable"), "red"],
      ["reactivate", t("members.actions.reactivate"), undefined],
      ["resend", t("members.actions.resend"), undefined],
      ["resetPassword", t("members.actions.resetPassword"), undefined],
    ] as const
  ).filter(([intent]) => allowed[intent]);
  const confirmed = CONFIRMED_ACTIONS.filter((action) => allowed[action]);
  return (
    <Flex direction="column" gap="4">
      {allowed.rename ? (
        <RenameForm
          member={member}
          lastResult={answer?.intent === "rename" ? answer.result : undefined}
        />
      ) : null}
      {allowed.role ? (
        <RoleForm
          member={member}
          lastResult={answer?.intent === "role" ? answer.result : undefined}
        />
      ) : null}
      {simple.length > 0 ? (
        <>
          <Separator size="4" />
          <Flex gap="2" wrap="wrap">
            {simple.map(([intent, label, color]) => (
              <Form method="post" key={intent} preventScrollReset>
                <Button
                  type="submit"
                  name="intent"
                  value={intent}
                  variant="soft"
                  color={color}
                  disabled={busy}
                >
                  {label}
                </Button>
              </Form>
            ))}
          </Flex>
        </>
      ) : null}
      {confirmed.length > 0 ? (
        <>
          <Separator size="4" />
          {confirm ? (
            <Form method="post" preventScrollReset>
              <Flex direction="column" gap="3">
                <Text role="alert">
                  {t(`members.actions.${confirm}Confirm`, { name: member.nickname })}
                </Text>
                <Flex gap="2" justify="end" wrap="wrap">
                  <Button asChild variant="soft" color="gray">
                    <Link to={self} replace preventScrollReset>
                      {t("members.actions.cancel")}
                    </Link>
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value={confirm}
                    variant={confirm === "makeOwner" ? "solid" : "soft"}
                    color={confirm === "makeOwner" ? undefined : "red"}
                    loading={busy}
                  >
                    {t(`members.actions.${confirm}Submit`)}
                  </Button>
                </Flex>
              </Flex>
            </Form>
          ) : (
            <Flex gap="4" wrap="wrap">
              {confirmed.map((action) => (
                <Button
                  asChild
                  variant="ghost"
                  color={action === "makeOwner" ? undefined : "red"}
                  key={action}
                >
                  <Link to={`${self}?confirm=${action}`} replace preventScrollReset>
                    {t(`members.actions.${action}`)}
                  </Link>
                </Button>
              ))}
            </Flex>
          )}
        </>
      ) : null}
    </Flex>
  );
}
