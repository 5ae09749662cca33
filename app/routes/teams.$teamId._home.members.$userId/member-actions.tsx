import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Separator, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import type { Member } from "#app/services/api/members.server.ts";
import type { ActionAnswer, Allowed } from "./member.server.ts";
import { RenameForm } from "./rename-form.tsx";
import { RoleForm } from "./role-form.tsx";

/**
 * What the caller may do with this member, each its own small form: rename, change the role,
 * disable, reactivate, resend the invitation, reset the password, and remove (after a
 * confirmation, a link so that it works without JavaScript).
 */
export function MemberActions({
  base,
  member,
  allowed,
  confirmRemove,
  answer,
}: {
  base: string;
  member: Member;
  allowed: Allowed;
  confirmRemove: boolean;
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
      {allowed.remove ? (
        <>
          <Separator size="4" />
          {confirmRemove ? (
            <Form method="post" preventScrollReset>
              <Flex direction="column" gap="3">
                <Text role="alert">
                  {t("members.actions.removeConfirm", { name: member.nickname })}
                </Text>
                <Flex gap="2" justify="end">
                  <Button asChild variant="soft" color="gray">
                    <Link to={self} replace preventScrollReset>
                      {t("members.actions.cancel")}
                    </Link>
                  </Button>
                  <Button type="submit" name="intent" value="remove" color="red" loading={busy}>
                    {t("members.actions.removeSubmit")}
                  </Button>
                </Flex>
              </Flex>
            </Form>
          ) : (
            <Flex>
              <Button asChild variant="ghost" color="red">
                <Link to={`${self}?confirm=remove`} replace preventScrollReset>
                  {t("members.actions.remove")}
                </Link>
              </Button>
            </Flex>
          )}
        </>
      ) : null}
    </Flex>
  );
}
