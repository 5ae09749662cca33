import { createHash } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { i18nServer } from "#app/i18n/language.server.ts";
import { consent } from "#app/i18n/legal-versions.server.ts";
import { messageWithValues } from "#app/i18n/message-values.ts";
import type { WebContext } from "#app/load-context.ts";
import { authApi, type TokensResult } from "#app/services/api/auth.server.ts";
import { type ApiRequestError, attempt, unlessRefused } from "#app/services/api/client.server.ts";
import { type InvitationPreview, membersApi } from "#app/services/api/members.server.ts";
import {
  type Auth,
  changeSignedInSession,
  getAuth,
  signedInSession,
  signInFirst,
  signOut,
} from "#app/services/auth.server.ts";
import { linkParameters } from "#app/services/link-parameters.server.ts";
import { getSession, pendingInvitationOf } from "#app/services/session.server.ts";
import { redirectWithToast } from "#app/services/toast.server.ts";
import type { Role } from "#domain/roles.ts";
import { RegisterSchema } from "./schemas.ts";

const hideFields = ["password", "confirmPassword"];

type Answer =
  | { step: "register"; email: string; result?: SubmissionResult<string[]> }
  | { step: "error"; error: string };

const keyOf = (request: Request) => linkParameters(request).get("key") ?? "";
const hashOf = (key: string) => createHash("sha256").update(key).digest("base64url");
const teamPathOf = (teamId: string) => `/teams/${encodeURIComponent(teamId)}`;
/**
 * Back to the link's page: its key stays out of the address, in the cookie the host keeps it in
 * since the link was opened (ADR 087).
 */
const acceptPathOf = (teamId: string) => `${teamPathOf(teamId)}/invitations/accept`;

/**
 * In: straight to the team, which says in a snackbar with which role (ADR 078). A redirect, so it
 * works with and without JavaScript, and in browsers that refuse a page's automatic refresh.
 */
async function intoTheTeam(
  request: Request,
  context: WebContext,
  teamId: string,
  role: Role,
  headers: Headers | undefined,
) {
  const t = await i18nServer.getFixedT(request, "teams");
  return redirectWithToast(
    request,
    context,
    teamPathOf(teamId),
    { type: "success", message: "teams:invitation.joined", values: { role: t(`roles.${role}`) } },
    { status: 303, headers },
  );
}

/** The page's message for a refusal: a signed-in account of another address is told which. */
function refusalMessage(refusal: ApiRequestError) {
  const email = refusal.body.email;
  if (refusal.errorCode === "emailMismatch" && typeof email === "string") {
    return messageWithValues("errors.notLoggedIn", { email });
  }
  return `errors.${refusal.errorCode}`;
}

/**
 * What the link's page shows (ADR 028): the invitation (team, inviter, address, role) while it
 * can be answered, else why not, so a used link offers no Accept. A guest who pressed Accept and
 * was sent to sign in comes back here signed in: the acceptance they chose completes now, with no
 * second press. The choice was a post from this page (the host refuses foreign ones), kept in the
 * httpOnly session, so a mail scanner or another site opening the link changes nothing.
 *
 * Someone signed in with another address than the invited one is told so at once
 * (`otherAccount`, the address they are signed in with), and offered to sign out and come back
 * here, rather than an Accept the API would refuse (emailMismatch). So is a guest who pressed
 * Accept and then signed in with such an account. An acceptance that completes here throws the
 * redirect into the team.
 */
export async function loadInvitation(request: Request, context: WebContext, teamId: string) {
  const key = keyOf(request);
  const page = {
    invitation: null as InvitationPreview | null,
    problem: null as string | null,
    otherAccount: null as string | null,
  };
  if (!key) return { page: { ...page, problem: "invalidAcceptToken" }, headers: undefined };

  const pending = pendingInvitationOf(await getSession(request, context));
  const auth = await getAuth(request, context);
  if (auth && pending?.teamId === teamId && pending.keyHash === hashOf(key)) {
    const headers = await changeSignedInSession(request, context, (session) =>
      session.unset("pendingInvitation"),
    );
    const accepted = await attempt(
      membersApi.acceptInvitation(context, teamId, { token: key }, auth.accessToken),
    );
    if (!accepted.refusal) {
      throw await intoTheTeam(
        request,
        context,
        teamId,
        accepted.value.body.membership.role,
        headers,
      );
    }
    // Signed in with another address than the invited one: the page below says so and offers
    // to switch, as it does to anyone who opens the link signed in with another account.
    if (accepted.refusal.errorCode !== "emailMismatch") {
      return { page: { ...page, problem: refusalMessage(accepted.refusal) }, headers };
    }
    return previewFor(headers);
  }
  return previewFor(auth?.headers);

  async function previewFor(headers: Headers | undefined) {
    const [previewed, user] = await Promise.all([
      attempt(membersApi.previewInvitation(context, teamId, key)),
      auth ? unlessRefused(authApi.me(context, auth.accessToken)) : null,
    ]);
    if (previewed.refusal)
      return { page: { ...page, problem: refusalMessage(previewed.refusal) }, headers };
    const invitation = previewed.value.body;
    // Compared without case; an account without an address (a team code's) is another account.
    const otherAccount =
      user && user.email?.toLowerCase() !== invitation.email.toLowerCase()
        ? (user.email ?? user.username)
        : null;
    return { page: { ...page, invitation, otherAccount }, headers };
  }
}

/**
 * Accepts the invitation the address's key names, for the signed-in caller or, with a password,
 * for a new account with the invited address. An account that exists signs in first and comes
 * back, where `loadInvitation` completes it; the API's other refusals are the page's error.
 */
export async function acceptInvitation(request: Request, context: WebContext, teamId: string) {
  const key = keyOf(request);
  if (!key) return data({ step: "error", error: "invalidAcceptToken" } satisfies Answer, 400);
  const formData = await request.formData();
  if (formData.get("intent") === "switch-account") {
    // Signed in as someone else: sign out, and back to this link as a guest.
    return signOut(request, context, acceptPathOf(teamId));
  }
  const auth = await getAuth(request, context);
  const teamPath = teamPathOf(teamId);

  const email = String(formData.get("email") ?? "");
  const registering = formData.get("intent") === "register";
  let password: string | undefined;
  if (registering) {
    const submission = parseWithZod(formData, { schema: RegisterSchema });
    if (submission.status !== "success") {
      const result = submission.reply({ hideFields });
      return data({ step: "register", email, result } satisfies Answer, 400);
    }
    password = submission.value.password;
  }

  const accepted = await attempt(
    membersApi.acceptInvitation(
      context,
      teamId,
      { token: key, ...(password ? { password, ...(await consent()) } : {}) },
      auth?.accessToken,
    ),
  );
  if (accepted.refusal) return refused(accepted.refusal, auth);
  const { body } = accepted.value;
  const { role } = body.membership;
  if (body.auth) {
    const { headers } = await signedInSession(
      request,
      context,
      body.auth.result as TokensResult,
      teamPath,
    );
    return intoTheTeam(request, context, teamId, role, headers);
  }
  return intoTheTeam(request, context, teamId, role, auth?.headers);

  async function refused(refusal: ApiRequestError, auth: Auth | null) {
    const invited = typeof refusal.body.email === "string" ? refusal.body.email : email;
    if (refusal.errorCode === "newInvitedAccountRequired") {
      return data({ step: "register", email: invited } satisfies Answer);
    }
    if (refusal.errorCode === "authorizationRequired" && !auth) {
      // An account with that address exists: sign in, come back, and the choice completes.
      throw await signInFirst(request, context, (session) => {
        session.set("pendingInvitation", {
          teamId,
          keyHash: hashOf(key),
          email: invited,
          at: Date.now(),
        });
        session.set("redirectTo", acceptPathOf(teamId));
      });
    }
    if (registering && refusal.statusCode === 400) {
      const result: SubmissionResult<string[]> = {
        status: "error",
        error: { "": [`errors.${refusal.errorCode}`] },
      };
      return data({ step: "register", email: invited, result } satisfies Answer, 400);
    }
    return data({ step: "error", error: refusalMessage(refusal) } satisfies Answer, {
      status: refusal.statusCode,
      headers: auth?.headers,
    });
  }
}
