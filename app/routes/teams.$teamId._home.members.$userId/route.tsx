import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Flex } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { CredentialsDialog } from "#app/members/credentials.tsx";
import { memberNickname } from "#app/services/api/members.server.ts";
import { allowedActions, confirming, loadMember, memberAction } from "./member.server.ts";
import { MemberActions } from "./member-actions.tsx";
import { MemberDetails } from "./member-details.tsx";

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * A member's dialog (docs/product.md#screens, docs/product.md#member-actions): their details, and
 * each action the caller's role allows on them, as its own small form. The API checks every rule
 * again.
 */

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base, me, member } = await loadMember(request, context, params);
  const addedBy = await memberNickname(context, auth.accessToken, team.teamId, member.createdBy);
  const allowed = allowedActions(me, team, member);
  const confirm = confirming(new URL(request.url), allowed);
  return data({ base, me, member, addedBy, allowed, confirm }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return memberAction(request, context, params);
}

export default function MemberDialog() {
  const { t } = useTranslation("teams");
  const { base, me, member, addedBy, allowed, confirm } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();

  if (answer && "credentials" in answer) {
    return <CredentialsDialog credentials={answer.credentials} base={base} />;
  }

  return (
    <RouteDialog title={t("members.info.title")} closeTo={base} closeLabel={t("members.close")}>
      <Flex direction="column" gap="4">
        <MemberDetails member={member} me={me} addedBy={addedBy} />
        <MemberActions
          base={base}
          member={member}
          allowed={allowed}
          confirm={confirm}
          answer={answer}
        />
      </Flex>
    </RouteDialog>
  );
}
