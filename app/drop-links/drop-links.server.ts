import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { WebContext } from "#app/load-context.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { collectionsApi } from "#app/services/api/collections.server.ts";
import {
  type DropLink,
  type DropLinkChanges,
  dropLinksApi,
  type NewDropLink,
} from "#app/services/api/drop-links.server.ts";
import type { Team } from "#app/services/api/teams.server.ts";
import type { Auth } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { requireTeam } from "#app/services/team-route.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import { canManageDropLinks } from "#domain/drop-links.ts";
import { zonedInstant } from "#domain/time-zones.ts";
import { type DropLinkForm, DropLinkFormSchema } from "./link-schemas.ts";

const MIB = 1024 * 1024;

/** What every drop link screen starts from: the caller, the team, the collection, addresses. */
export interface LinksScope {
  request: Request;
  context: WebContext;
  auth: Auth;
  team: Team;
  collection: { collectionId: string; name: string };
  /** The collection's links screen: `/teams/{teamId}/collections/{collectionId}/links`. */
  linksBase: string;
  /** The collection's files screen. */
  collectionBase: string;
}

/**
 * The caller, their team and the collection, for owners and admins (canManageDropLinks, ADR
 * 097): other roles get a 403 page, whoever is not in the team the team's 404. A collection
 * that is missing or in the trash is the API's 404, which the route error mapping answers.
 */
export async function requireLinksScope(
  request: Request,
  context: WebContext,
  params: { teamId?: string; collectionId?: string },
): Promise<LinksScope> {
  const { auth, team, base } = await requireTeam(request, context, params.teamId);
  if (!canManageDropLinks(team.memberRole)) {
    throw data({ errorCode: "forbidden" }, { status: 403, headers: auth.headers });
  }
  const { body: collection } = await collectionsApi.get(
    context,
    auth.accessToken,
    team.teamId,
    params.collectionId ?? "",
  );
  const collectionBase = `${base}/collections/${encodeURIComponent(collection.collectionId)}`;
  return {
    request,
    context,
    auth,
    team,
    collection: { collectionId: collection.collectionId, name: collection.name },
    linksBase: `${collectionBase}/links`,
    collectionBase,
  };
}

/** A link of the scope's collection; one of another collection is not found here. */
export async function requireLink(scope: LinksScope, linkId: string | undefined) {
  const { body: link } = await dropLinksApi.get(
    scope.context,
    scope.auth.accessToken,
    scope.team.teamId,
    linkId ?? "",
  );
  if (link.collectionId !== scope.collection.collectionId) {
    throw data({ errorCode: "notFound" }, { status: 404, headers: scope.auth.headers });
  }
  return link;
}

/** The link's QR code as SVG markup, from the API. */
export async function qrSvgOf(scope: LinksScope, linkId: string) {
  const { body } = await dropLinksApi.qrSvg(
    scope.context,
    scope.auth.accessToken,
    scope.team.teamId,
    linkId,
  );
  return body;
}

/**
 * The form's values as the API's settings. `editing`: a blank PIN keeps the current one (the
 * "remove" box takes it away); blank limits and deadline mean none.
 */
export function settingsOf(form: DropLinkForm, editing: boolean): DropLinkChanges {
  const pin = form.pin ? form.pin : editing && !form.removePin ? undefined : null;
  return {
    title: form.title,
    message: form.message ?? null,
    deadlineAt: form.deadline ? zonedInstant(form.deadline, form.timeZone) : null,
    timeZone: form.timeZone,
    ...(pin === undefined ? {} : { pin }),
    askName: form.askName,
    askEmail: form.askEmail === "on",
    guestMaxFiles: form.guestMaxFiles ?? null,
    guestMaxBytes: form.guestMaxMb === undefined ? null : form.guestMaxMb * MIB,
    guestsSee: form.guestsSee,
    holdForReview: form.holdForReview === "on",
  };
}

/**
 * The settings form posted, for a new link or for `linkId`'s: 400 with the form's own errors,
 * the API's refusal shown on the form, or the link's page with a toast.
 */
export async function saveLinkSettings(scope: LinksScope, linkId?: string) {
  const { request, context, auth, team } = scope;
  const submission = parseWithZod(await request.formData(), { schema: DropLinkFormSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400, headers: auth.headers });
  }
  const { value, refusal } = await attempt(
    linkId === undefined
      ? dropLinksApi.create(
          context,
          auth.accessToken,
          team.teamId,
          scope.collection.collectionId,
          // A new link's form always has a title and the rest the API asks for.
          settingsOf(submission.value, false) as NewDropLink,
        )
      : dropLinksApi.patch(
          context,
          auth.accessToken,
          team.teamId,
          linkId,
          settingsOf(submission.value, true),
        ),
  );
  if (refusal) return formRefusal(submission, refusal, { headers: auth.headers });
  const link = value.body;
  return redirectWithToast(
    request,
    context,
    `${scope.linksBase}/${encodeURIComponent(link.linkId)}`,
    {
      type: "success",
      message: linkId === undefined ? "links:toasts.created" : "links:toasts.saved",
      values: { title: link.title },
    },
    { status: 303, headers: auth.headers },
  );
}

/** A link as its form starts: what it is set to now. */
export function formDefaultsOf(link: DropLink, localDeadline: string | null) {
  return {
    title: link.title,
    message: link.message ?? "",
    deadline: localDeadline ?? "",
    timeZone: link.timeZone,
    askName: link.askName,
    askEmail: link.askEmail ? "on" : undefined,
    guestMaxFiles: link.guestMaxFiles === null ? "" : String(link.guestMaxFiles),
    guestMaxMb: link.guestMaxBytes === null ? "" : String(Math.floor(link.guestMaxBytes / MIB)),
    guestsSee: link.guestsSee,
    holdForReview: link.holdForReview ? "on" : undefined,
  };
}
