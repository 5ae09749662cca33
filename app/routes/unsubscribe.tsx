import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { attempt } from "#app/services/api/client.server.ts";
import { subscriptionsApi } from "#app/services/api/subscriptions.server.ts";
import { linkParameters } from "#app/services/link-parameters.server.ts";

export const handle = { i18n: ["common", "landing", "messages"] };

/*
 * Leaving the early-access list (docs/product.md#landing, docs/product.md#links): the link in every
 * such mail brings the address and its token. The page asks before it unsubscribes, since mail
 * scanners open links; a mail client's one-click unsubscribe (RFC 8058) posts to the same address,
 * with the address and token in its query, and is answered at once.
 */

function linkOf(request: Request) {
  const query = linkParameters(request);
  return { email: query.get("email") ?? "", token: query.get("token") ?? "" };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request, "landing");
  const { email, token } = linkOf(request);
  const done = new URL(request.url).searchParams.get("done") === "1";
  const valid = done || (email !== "" && token !== "");
  // A broken link is a page that says so, as a broken reset link is.
  return { title: t("unsubscribe.title"), email, token, done, valid };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const fromQuery = linkOf(request);
  const email = oneClick ? fromQuery.email : String(form.get("email") ?? "");
  const token = oneClick ? fromQuery.token : String(form.get("token") ?? "");
  const { refusal } =
    email && token
      ? await attempt(subscriptionsApi.unsubscribe(context, { email, token }))
      : { refusal: { errorCode: "invalidUnsubscribe" } };
  if (refusal) return data({ errorCode: "invalidUnsubscribe" }, { status: 400 });
  // A mail client wants a plain 200; a person, the page that says it is done.
  if (oneClick) return data({ errorCode: null }, { status: 200 });
  return redirect(`/unsubscribe?${new URLSearchParams({ email, done: "1" })}`, { status: 303 });
}

export default function Unsubscribe() {
  const { t } = useTranslation("landing");
  const { email, token, done, valid } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const invalid = !valid || answer?.errorCode === "invalidUnsubscribe";
  return (
    <Flex direction="column" gap="5" className="page narrow">
      <Heading as="h1" size="7">
        {t("unsubscribe.title")}
      </Heading>
      <Card size="3">
        {done || answer?.errorCode === null ? (
          <Callout.Root color="grass" role="status">
            <Callout.Text>{t("unsubscribe.done", { email })}</Callout.Text>
          </Callout.Root>
        ) : invalid ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{t("messages:errors.invalidUnsubscribe")}</Callout.Text>
          </Callout.Root>
        ) : (
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="token" value={token} />
            <Flex direction="column" gap="4" align="start">
              <Text as="p">{t("unsubscribe.confirm", { email })}</Text>
              <Button type="submit" size="3" loading={busy}>
                {t("unsubscribe.submit")}
              </Button>
            </Flex>
          </Form>
        )}
      </Card>
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
