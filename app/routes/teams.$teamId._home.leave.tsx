import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { membersApi } from "#app/services/api/members.server.ts";
import { userIdOf } from "#app/services/auth.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { closeAsForbidden, orGoBack, requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canLeaveTeam } from "#domain/roles.ts";

export const handle = { i18n: ["common", "teams", "messages"] };

/*
 * Leave the team (ADR 095): a confirmation dialog that is a route, so it works without
 * JavaScript. The owner (who hands the team over first) and internal members are not offered it;
 * the API checks again.
 */

async function loadLeave(
  request: Request,
  context: LoaderFunctionArgs["context"],
  teamId: string | undefined,
) {
  const { auth, team, base } = await requireTeam(request, context, teamId);
  const { body: me } = await membersApi.get(context, auth.accessToken, team.teamId, userIdOf(auth));
  return { auth, team, base, allowed: canLeaveTeam({ role: team.memberRole, type: me.type }) };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, team, base, allowed } = await loadLeave(request, context, params.teamId);
  if (!allowed) return closeAsForbidden(request, context, base);
  return data({ base, name: team.name }, { headers: auth.headers });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, team, base, allowed } = await loadLeave(request, context, params.teamId);
  if (!allowed) return closeAsForbidden(request, context, base);
  const formData = await request.formData();
  if (formData.get("intent") !== "leave") throw unknownIntent();
  await orGoBack(membersApi.leave(context, auth.accessToken, team.teamId), {
    request,
    context,
    to: base,
    auth,
  });
  return redirectWithToast(
    request,
    context,
    "/teams",
    { type: "success", message: "toasts.teamLeft", values: { team: team.name } },
    { status: 303, headers: auth.headers },
  );
}

export default function LeaveTeamDialog() {
  const { t } = useTranslation("teams");
  const { base, name } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("leave.title")} closeTo={base} closeLabel={t("leave.close")}>
      <Form method="post" preventScrollReset>
        <Flex direction="column" gap="4">
          <Text>{t("leave.confirm", { team: name })}</Text>
          <Text size="2" color="gray">
            {t("leave.hint")}
          </Text>
          <Flex gap="2" justify="end" wrap="wrap">
            <Button asChild variant="soft" color="gray">
              <Link to={base} replace preventScrollReset>
                {t("leave.cancel")}
              </Link>
            </Button>
            <Button
              type="submit"
              name="intent"
              value="leave"
              variant="soft"
              color="red"
              loading={busy}
            >
              {t("leave.submit")}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
