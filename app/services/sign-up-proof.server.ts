import { createCookie } from "@remix-run/node";
import { z } from "zod";
import type { WebContext } from "#app/load-context.ts";
import { isSecureRequest } from "./cookies.server.ts";

/*
 * The sign-up's proof (ADR 029), kept for the browser that signed up: the API answers it to the
 * sign-up call, and the email verification sends it back, so verifying from this browser signs
 * it in. A signed, httpOnly cookie, sent only to the /auth pages, for as long as the proof lasts;
 * it goes once the address is verified. Page scripts never see it.
 */

const MAX_AGE_SECONDS = 24 * 60 * 60;

const ProofSchema = z.object({ email: z.string(), username: z.string(), proof: z.string() });
type Proof = z.infer<typeof ProofSchema>;

function proofCookie(context: WebContext, request: Request) {
  return createCookie("sign-up", {
    path: "/auth",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureRequest(request),
    secrets: context.config.sessionSecrets,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The Set-Cookie that keeps a sign-up's proof in this browser. */
export function keepSignUpProof(request: Request, context: WebContext, proof: Proof) {
  return proofCookie(context, request).serialize(proof);
}

/** The Set-Cookie that forgets it. */
export function forgetSignUpProof(request: Request, context: WebContext) {
  return proofCookie(context, request).serialize("", { maxAge: 0 });
}

/** This browser's proof for the account being verified, if it signed that account up. */
export async function signUpProofFor(
  request: Request,
  context: WebContext,
  account: { email: string; username: string },
) {
  const parsed = ProofSchema.safeParse(
    await proofCookie(context, request).parse(request.headers.get("Cookie")),
  );
  if (!parsed.success) return undefined;
  const { email, username, proof } = parsed.data;
  const same = email.toLowerCase() === account.email.toLowerCase() && username === account.username;
  return same ? proof : undefined;
}
