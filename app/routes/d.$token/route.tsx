import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex, Heading, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { UploadPanel } from "#app/files/upload-panel.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { unknownIntent } from "#app/services/forms.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { UPLOAD_FORM_MAX_BYTES } from "#app/services/request-body.ts";
import { receiveUploadsWith } from "#app/services/uploads.server.ts";
import { dropPath } from "#domain/drop-links.ts";
import { formatFileSize } from "#domain/format.ts";
import { ClosedNotice, DropHeader, SentList, ThankYou } from "./drop-parts.tsx";
import { needsEntry } from "./entry.ts";
import { EntryForm } from "./entry-form.tsx";
import { guestOutcomes, guestUploads, loadGuest } from "./guest.server.ts";
import { type ActionResult, deleteFile, enter } from "./guest-actions.server.ts";
import { GuestUploadForm, limitsText } from "./guest-upload-form.tsx";

// A drop link's guest page (ADR 098, on ADR 097): public, server-rendered, kept out of search
// engines and of other sites' Referer. The guest comes in (PIN, name, email, as the link asks),
// sends files (a plain multipart form, enhanced into resumable uploads with JavaScript), and sees
// and may delete, within the hour, what this browser sent.

/** When a post that found the server busy may come again. */
const BUSY_RETRY_AFTER_SECONDS = 60;

export const handle = {
  i18n: ["common", "files", "messages"],
  body: { maxBytes: UPLOAD_FORM_MAX_BYTES },
};

/** Never in a search engine, never cached by another: the address is the link's secret. */
const PRIVATE_HEADERS = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" };

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { page, guest } = await loadGuest(request, context, token);
  const sent = Number(new URL(request.url).searchParams.get("sent"));
  const bytesLeft = guest ? guest.bytesLeft : page.limits.guestMaxBytes;
  return data({
    token,
    page,
    guest,
    sent: Number.isSafeInteger(sent) && sent > 0 ? sent : null,
    // The form without JavaScript says its limits before a file is chosen (ADR 083).
    formLimits: {
      fileMaxBytes: Math.min(
        page.limits.fileMaxBytes,
        context.config.uploadForm.fileMaxBytes,
        bytesLeft ?? Number.POSITIVE_INFINITY,
      ),
      filesLeft: guest ? guest.filesLeft : page.limits.guestMaxFiles,
      bytesLeft,
    },
    now: Date.now(),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const here = dropPath(token);
  const state = await loadGuest(request, context, token);
  const { page } = state;
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    // Closed, or not in yet where the link asks: the page says so.
    if (page.state !== "open" || (!state.guest && needsEntry(page))) throw redirect(here, 303);
    const { starter, admitted, newGuest } = guestUploads(
      request,
      context,
      token,
      state,
      context.config.uploadForm.fileMaxBytes,
    );
    const { outcomes, busy } = await receiveUploadsWith(request, context, starter);
    const cookie = admitted();
    const headers = new Headers(cookie ? { "Set-Cookie": cookie } : {});
    if (busy) {
      headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
      return data<ActionResult>({ kind: "upload", outcomes, busy: true }, { status: 503, headers });
    }
    if (outcomes.length === 0) {
      return data<ActionResult>(
        { kind: "upload", outcomes, empty: true },
        { status: 400, headers },
      );
    }
    if (outcomes.every((outcome) => "fileId" in outcome)) {
      return redirect(`${here}?sent=${outcomes.length}`, { status: 303, headers });
    }
    // Some arrived: a guest let in by this post sees them listed already, as the page's loader,
    // reading this request's cookies, cannot.
    return data<ActionResult>(
      { kind: "upload", outcomes: guestOutcomes(outcomes), newGuest: await newGuest() },
      { status: 400, headers },
    );
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "enter") return enter(request, context, token, form);
  if (intent === "delete") {
    if (!state.credential) throw redirect(here, 303);
    return deleteFile(request, context, token, state.credential, String(form.get("fileId") ?? ""));
  }
  return unknownIntent();
}

export default function DropGuestPage() {
  const { t, i18n } = useTranslation("files");
  const loaded = useLoaderData<typeof loader>();
  const { token, page, sent, formLimits, now } = loaded;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const guest = loaded.guest ?? (result?.kind === "upload" ? result.newGuest : null) ?? null;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const here = dropPath(token);
  // With JavaScript the thank-you shows above the finished uploads; "Send more" empties them.
  const [thanked, setThanked] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const finished = useCallback(
    (arrived: number, total: number) => {
      revalidator.revalidate();
      if (arrived === total) setThanked(arrived);
    },
    [revalidator],
  );
  const sendMore = useCallback(() => {
    setThanked(null);
    setRound((count) => count + 1);
  }, []);
  const open = page.state === "open";
  const asksEntry = !guest && needsEntry(page);
  const nothingLeft = formLimits.filesLeft === 0 || formLimits.bytesLeft === 0;
  // With JavaScript files go by tus: only the API's and the link's limits hold, and a link
  // without any has nothing to say.
  const tusLimits = limitsText(t, (bytes) => formatFileSize(bytes, i18n.language), {
    ...formLimits,
    fileMaxBytes: Math.min(
      page.limits.fileMaxBytes,
      formLimits.bytesLeft ?? Number.POSITIVE_INFINITY,
    ),
  });
  return (
    <Flex direction="column" gap="5" className="page narrow drop-page">
      <DropHeader page={page} />
      {!open ? (
        <ClosedNotice state={page.state} />
      ) : sent !== null ? (
        <ThankYou count={sent} again={here} />
      ) : asksEntry ? (
        <EntryForm page={page} result={result?.kind === "entry" ? result.entry : undefined} />
      ) : nothingLeft && thanked === null ? (
        <Text as="p" size="3" role="status">
          {t("guest.upload.nothingLeft")}
        </Text>
      ) : (
        <section aria-labelledby="drop-upload-title">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="drop-upload-title">
              {t("guest.upload.title")}
            </Heading>
            {page.holdsForReview ? (
              <Text as="p" size="2" color="gray">
                {t("guest.upload.holdsForReview")}
              </Text>
            ) : null}
            {thanked !== null ? <ThankYou count={thanked} again={sendMore} /> : null}
            {hydrated && tusLimits ? (
              <Text as="p" size="2" color="gray">
                {tusLimits}
              </Text>
            ) : null}
            {hydrated ? (
              <UploadPanel
                key={round}
                startUrl={`${here}/start`}
                onFinished={finished}
                firstAlone={!guest}
                resume={{ scope: `drop:${token}`, label: page.title, href: here }}
              />
            ) : (
              <GuestUploadForm
                limits={formLimits}
                result={result?.kind === "upload" ? result : undefined}
              />
            )}
          </Flex>
        </section>
      )}
      {page.guestsSee === "collection" && page.state !== "revoked" && (guest || !page.needsPin) ? (
        <Text as="p" size="3">
          <TextLink asChild>
            <Link to={`${here}/gallery`}>{t("gallery.seeCollection")}</Link>
          </TextLink>
        </Text>
      ) : null}
      {guest && guest.files.length > 0 ? (
        <SentList files={guest.files} now={now} timeZone={page.timeZone} />
      ) : null}
    </Flex>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  ...pageTitle(rootProductName(matches), loaded?.page.title),
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
