import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { MouseEvent } from "react";
import { Button, IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { Card, Flex, Heading, Text } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useTranslation } from "#app/i18n/react.tsx";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import { reviewApi } from "#app/services/api/review.server.ts";
import { unknownIntent } from "#app/services/forms.server.ts";
import { requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { formatFileSize } from "#domain/format.ts";

export const handle = { i18n: ["common", "files", "messages"] };

/** The most held files one page of the review shows (the API's page maximum). */
const REVIEW_PAGE = 100;

/**
 * A collection's guests' files held for review (ADR 099), for the owner and admins: each with
 * its thumbnail, its guest and link, and a checkbox; Approve and Reject submit the chosen ones in
 * one form post, which works without JavaScript and comes back here with a snackbar. "Select
 * all" is a link to `?all=1`, which draws every box checked; with JavaScript it checks them in
 * place. Rejected files go to the trash.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth, base } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const [{ body: collection }, { body: held }, t] = await Promise.all([
    collectionsApi.get(context, auth.accessToken, params.teamId ?? "", collectionId),
    reviewApi.list(context, auth.accessToken, params.teamId ?? "", collectionId, {
      limit: REVIEW_PAGE,
    }),
    i18nServer.getFixedT(request, "files"),
  ]);
  const all = new URL(request.url).searchParams.get("all") === "1";
  return data(
    {
      collectionName: collection.name,
      collectionBase: `${base}/collections/${encodeURIComponent(collectionId)}`,
      files: held.files,
      more: held.pagination.lastKey !== null,
      all,
      title: t("review.metaTitle", { collection: collection.name }),
    },
    { headers: auth.headers },
  );
}

/** `intent` approve or reject, with the chosen `fileId`s: one call, back here with a snackbar. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { auth, base } = await requireTeam(request, context, params.teamId);
  const collectionId = params.collectionId ?? "";
  const back = `${base}/collections/${encodeURIComponent(collectionId)}/review`;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "approve" && intent !== "reject") return unknownIntent();
  const fileIds = form
    .getAll("fileId")
    .filter((id): id is string => typeof id === "string" && id !== "")
    .slice(0, 200);
  if (fileIds.length === 0) {
    return redirectWithToast(
      request,
      context,
      back,
      { type: "error", message: "files:review.noneChosen" },
      { status: 303, headers: auth.headers },
    );
  }
  const { body } = await reviewApi.decide(
    context,
    auth.accessToken,
    params.teamId ?? "",
    collectionId,
    { fileIds, decision: intent },
  );
  const count = intent === "approve" ? body.approved : body.rejected;
  return redirectWithToast(
    request,
    context,
    back,
    {
      type: "success",
      message: intent === "approve" ? "files:review.approvedToast" : "files:review.rejectedToast",
      values: { count: String(count ?? 0) },
    },
    { status: 303, headers: auth.headers },
  );
}

/** With JavaScript, "Select all" checks every box of its form in place. */
function checkAll(event: MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById("review-form");
  if (!(form instanceof HTMLFormElement)) return;
  event.preventDefault();
  for (const box of form.querySelectorAll<HTMLInputElement>('input[name="fileId"]')) {
    box.checked = true;
  }
}

export default function ReviewScreen() {
  const { t, i18n } = useTranslation("files");
  const page = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Flex direction="column" gap="4" className="review-screen">
      <Flex align="center" gap="3" wrap="wrap">
        <IconButton asChild variant="ghost" size="3">
          <Link
            to={page.collectionBase}
            aria-label={t("review.back", { collection: page.collectionName })}
          >
            <Icon name="arrow-left" size={20} />
          </Link>
        </IconButton>
        <Heading as="h1" size="7">
          {t("review.title")}
        </Heading>
      </Flex>
      <Text as="p" size="2" color="gray">
        {t("review.intro", { collection: page.collectionName })}
      </Text>
      {page.files.length === 0 ? (
        <Card size="3">
          <Text as="p" color="gray">
            {t("review.nothing")}
          </Text>
        </Card>
      ) : (
        <Form method="post" id="review-form" className="review-form">
          <Flex align="center" gap="3" wrap="wrap" className="review-actions">
            <Link to="?all=1" className="review-select-all" onClick={checkAll} replace>
              {t("review.selectAll")}
            </Link>
            <Flex gap="2" ml="auto" wrap="wrap">
              <Button type="submit" name="intent" value="approve" disabled={busy}>
                <Icon name="check-circled" />
                {t("review.approve")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="reject"
                color="red"
                variant="soft"
                disabled={busy}
              >
                <Icon name="trash" />
                {t("review.reject")}
              </Button>
            </Flex>
          </Flex>
          <Text as="p" size="1" color="gray" mt="2">
            {t("review.rejectHint")}
          </Text>
          <ul className="review-list">
            {page.files.map((file) => (
              <li key={`${file.fileId}:${page.all}`} className="review-row">
                <label className="review-choice">
                  <input
                    type="checkbox"
                    name="fileId"
                    value={file.fileId}
                    defaultChecked={page.all}
                  />
                  <span className="review-thumb" aria-hidden="true">
                    {file.thumbnailUrl ? (
                      <img src={file.thumbnailUrl} alt="" width={56} height={56} loading="lazy" />
                    ) : (
                      <Icon name="file" size={24} />
                    )}
                  </span>
                  <span className="review-text">
                    <Text as="span" size="2" weight="medium" className="review-name">
                      {file.name}
                    </Text>
                    <Text as="span" size="1" color="gray">
                      {file.guest?.name
                        ? t("guest.named", { name: file.guest?.name })
                        : t("guest.unnamed")}
                      {" · "}
                      {file.guest?.linkTitle}
                    </Text>
                    <Text as="span" size="1" color="gray">
                      {formatFileSize(file.size, i18n.language)}
                      {" · "}
                      {new Date(file.createdAt).toLocaleString(i18n.language, {
                        dateStyle: "medium",
                        timeStyle: "short",
                        timeZone: "UTC",
                      })}
                    </Text>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {page.more ? (
            <Text as="p" size="1" color="gray" mt="2">
              {t("review.more")}
            </Text>
          ) : null}
        </Form>
      )}
    </Flex>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
