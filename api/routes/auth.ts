import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccountService } from "#api/auth/accounts.ts";
import type { RateLimiter } from "#api/auth/rate-limit.ts";
import { REFRESH_REUSE_GRACE_MS } from "#api/auth/sessions.ts";
import type { ApiEnv } from "#api/http/env.ts";
import {
  consentFields,
  ErrorBodySchema,
  errorResponses,
  jsonBody,
  jsonResponse,
} from "#api/http/schemas.ts";
import { FEDERATED_PROVIDERS } from "#domain/providers.ts";
import {
  emailSchema,
  nicknameSchema,
  passwordSchema,
  signInIdentifierSchema,
  signInPasswordSchema,
} from "#domain/validation.ts";

// Request and response bodies (docs/product.md#api, Accounts).

const TokensSchema = z
  .object({
    IdToken: z.string().openapi({ description: "JWT: sub, username, iss, exp, iat, email" }),
    TokenType: z.literal("Bearer"),
    AccessToken: z.string().openapi({ description: "JWT for Authorization: Bearer" }),
    ExpiresIn: z.number().int().openapi({ description: "Seconds the access and ID tokens last" }),
    RefreshToken: z.string().openapi({
      description: `Opaque; rotated by /auth/refresh. Presented again within ${REFRESH_REUSE_GRACE_MS / 1000} seconds it answers the same new one; later, it ends the session`,
    }),
  })
  .openapi("Tokens");

const SignInResultSchema = z.object({ result: TokensSchema }).openapi("SignInResult");
const PasswordSignInResultSchema = z
  .object({
    result: TokensSchema,
    device: z.string().openapi({
      description:
        "Opaque, for a year: kept by this client (an httpOnly cookie, the app's secure " +
        "storage) and sent with its next sign-ins as `device`",
    }),
  })
  .openapi("PasswordSignInResult");
const OkSchema = z.object({ ok: z.literal(true) }).openapi("Ok");
const ok = { ok: true as const };

const localeSchema = z.enum(["en", "it"]).default("en");
/** A code as typed: anything short; a wrong shape is simply a wrong code. */
const codeSchema = z.string().trim().min(1).max(32);
/** Usernames and team ids are looked up, never stored from here: only their size is checked. */
const lookupText = z.string().trim().min(1).max(200);

const SignUpRequest = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    nickname: nicknameSchema,
    locale: localeSchema,
    ...consentFields,
  })
  .openapi("SignUpRequest");
const SignUpResponse = z
  .object({
    username: z.string().openapi({ description: "Goes into the verify link with the email" }),
    email: z.string(),
    signUpProof: z.string().openapi({
      description:
        "Opaque, for this client only (never in a URL or a mail), for a day: sent with the " +
        "code to /auth/verify-email, it signs this client in as the address is confirmed",
    }),
  })
  .openapi("SignUpResult");

const VerifyEmailRequest = z
  .strictObject({
    code: codeSchema,
    email: emailSchema,
    username: lookupText,
    signUpProof: z
      .string()
      .min(1)
      .max(4000)
      .optional()
      .openapi({
        description:
          "The signUpProof this client's sign-up answered, to be signed in; its tries are " +
          "counted on a budget of its own, which strangers' wrong guesses cannot spend",
      }),
  })
  .openapi("VerifyEmailRequest");
const VerifyEmailResponse = z
  .object({
    ok: z.literal(true),
    result: TokensSchema.optional().openapi({
      description:
        "Tokens, when the signUpProof was this sign-up's and this call confirmed the address",
    }),
  })
  .openapi("VerifyEmailResult");
const EmailRequest = z.strictObject({ email: emailSchema }).openapi("EmailRequest");

/** A known device's token (ADR 081), as a request may send it. */
const deviceToken = (description: string) =>
  z.string().min(1).max(4000).optional().openapi({ description });

const SignInRequest = z
  .strictObject({
    email: emailSchema.optional(),
    username: signInIdentifierSchema.pipe(z.string().max(200)).optional(),
    password: signInPasswordSchema,
    team: lookupText.optional().openapi({
      description: "The team code for internal members: the team's id or any of its aliases",
    }),
    device: deviceToken(
      "The device token this client's last sign-in to the account answered: a known device " +
        "is spared the account's budget of failed tries, and has one of its own",
    ),
  })
  .refine((body) => (body.email === undefined) !== (body.username === undefined), {
    error: "emailUsernameRequired",
    path: ["email"],
  })
  .openapi("SignInRequest", { description: "email, or username (with team for internal members)" });

const NewPasswordRequest = z
  .strictObject({
    newPassword: passwordSchema,
    session: z.string().min(1).max(4000),
    teamId: lookupText.nullable().default(null),
    username: lookupText,
  })
  .openapi("NewPasswordRequest");

const ResetPasswordRequest = z
  .strictObject({
    newPassword: passwordSchema,
    email: emailSchema,
    code: codeSchema,
    device: deviceToken(
      "The device token of this client's last sign-in to the account: its tries are counted " +
        "on a budget of its own, which strangers' wrong guesses cannot spend",
    ),
  })
  .openapi("ResetPasswordRequest");
const RefreshRequest = z
  .strictObject({ refreshToken: z.string().min(1).max(200) })
  .openapi("RefreshRequest");
const SignOutRequest = z
  .strictObject({ accessToken: z.string().min(1).max(4000) })
  .openapi("SignOutRequest");
const FederatedRequest = z
  .strictObject({
    provider: z.enum(FEDERATED_PROVIDERS),
    idToken: z.string().min(1).max(16_000),
    flow: z.string().min(1).max(100).openapi({
      description:
        "The flow POST /auth/federated/start gave, kept by the web app: the ID token's nonce must be its nonce, and it signs in once (ADR 086)",
    }),
    ageConfirmed: consentFields.ageConfirmed.optional(),
    termsVersion: consentFields.termsVersion.optional(),
    privacyVersion: consentFields.privacyVersion.optional(),
  })
  .openapi("FederatedSignInRequest", {
    description:
      "The consent fields are needed when the identity has no account yet: without them the " +
      "call is invalidInput and no account is made (ADR 096)",
  });
const FederatedStartRequest = z
  .strictObject({ provider: z.enum(FEDERATED_PROVIDERS) })
  .openapi("FederatedStartRequest");
const FederatedFlowSchema = z
  .object({
    flow: z.string().openapi({ description: "A secret for the web app's sealed session" }),
    nonce: z.string().openapi({ description: "The nonce to send the provider" }),
    expiresAt: z.number().int().openapi({ description: "Epoch ms" }),
  })
  .openapi("FederatedFlow");

const ChallengeSchema = z
  .object({
    statusCode: z.literal(401),
    errorCode: z.literal("newPasswordRequired"),
    message: z.string(),
    session: z.string(),
    teamId: z.string().nullable(),
    username: z.string(),
  })
  .openapi("NewPasswordChallenge");

function post<Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  summary: string,
  request: Req,
  status: 200 | 201 | 202,
  response: Res,
  errors: number[],
) {
  return createRoute({
    method: "post",
    path,
    tags: ["Authentication"],
    summary,
    request: { body: jsonBody(request) },
    responses: {
      [status]: jsonResponse(summary, response),
      ...errorResponses(400, 413, 415, ...errors),
    } as { [K in typeof status]: ReturnType<typeof jsonResponse<Res>> },
  });
}

const routes = {
  signUp: post(
    "/auth/signup",
    "Sign up with email and password; mails a code. An address whose account nobody confirmed is signed up again: this password replaces the earlier one, whose codes and proof stop working",
    SignUpRequest,
    201,
    SignUpResponse,
    [409, 429],
  ),
  verifyEmail: post(
    "/auth/verify-email",
    "Confirm the email with the mailed code; with the sign-up's proof, sign in too. A stranger has 5 tries per code and 10 a day per account; an address already confirmed answers ok only to its own code",
    VerifyEmailRequest,
    200,
    VerifyEmailResponse,
    [410, 429],
  ),
  resendCode: post(
    "/auth/resend-code",
    "Mail the sign-up code again (same answer for any email)",
    EmailRequest,
    202,
    OkSchema,
    [429],
  ),
  signIn: createRoute({
    method: "post",
    path: "/auth/signin",
    tags: ["Authentication"],
    summary: "Sign in with email or username (and team) and password",
    request: { body: jsonBody(SignInRequest) },
    responses: {
      200: jsonResponse("Signed in", PasswordSignInResultSchema),
      401: jsonResponse(
        "notAuthorized (wrong email, username or password), or the newPasswordRequired challenge",
        z.union([ChallengeSchema, ErrorBodySchema]),
      ),
      ...errorResponses(400, 403, 413, 415, 429),
    },
  }),
  newPassword: post(
    "/auth/new-password",
    "Answer the newPasswordRequired challenge",
    NewPasswordRequest,
    200,
    SignInResultSchema,
    [401, 410, 429],
  ),
  forgotPassword: post(
    "/auth/forgot-password",
    "Mail a reset code (same answer for any email)",
    EmailRequest,
    202,
    OkSchema,
    [429],
  ),
  resetPassword: post(
    "/auth/reset-password",
    "Set a new password with the mailed code",
    ResetPasswordRequest,
    200,
    OkSchema,
    [410, 429],
  ),
  refresh: post(
    "/auth/refresh",
    "Swap a refresh token for new tokens",
    RefreshRequest,
    200,
    SignInResultSchema,
    [401],
  ),
  signOut: post(
    "/auth/signout",
    "End the session of an access token",
    SignOutRequest,
    200,
    OkSchema,
    [401],
  ),
  federatedStart: post(
    "/auth/federated/start",
    "Start a sign-in with a provider: a flow to keep and the nonce for the provider",
    FederatedStartRequest,
    200,
    FederatedFlowSchema,
    [429],
  ),
  federated: post(
    "/auth/federated",
    "Sign in with a provider's ID token",
    FederatedRequest,
    200,
    SignInResultSchema,
    [401, 403, 429, 502],
  ),
};

/** The address the host found for this request; the API never reads X-Forwarded-For itself. */
function clientIp(c: Context<ApiEnv>) {
  return c.var.clientIp || "unknown";
}

export function authRoutes({
  accounts,
  limiter,
}: {
  accounts: AccountService;
  limiter: RateLimiter;
}) {
  return new OpenAPIHono<ApiEnv>()
    .openapi(routes.signUp, async (c) => {
      const body = c.req.valid("json");
      await limiter.check("signUp", clientIp(c), body.email);
      return c.json(await accounts.signUp(body), 201);
    })
    .openapi(routes.verifyEmail, async (c) => {
      const body = c.req.valid("json");
      const result = await accounts.verifyEmail(body, (kind, account) =>
        limiter.check(
          kind === "holder" ? "verifyEmailHolder" : "verifyEmail",
          clientIp(c),
          account,
        ),
      );
      return c.json(result ? { ...ok, result } : ok, 200);
    })
    .openapi(routes.resendCode, async (c) => {
      const { email } = c.req.valid("json");
      await limiter.check("resendCode", clientIp(c), email);
      await accounts.resendCode(email);
      return c.json(ok, 202);
    })
    .openapi(routes.signIn, async (c) => {
      const body = c.req.valid("json");
      const signedIn = await accounts.signIn(body, (account, deviceId) =>
        limiter.signIn(clientIp(c), account, deviceId),
      );
      return c.json(signedIn, 200);
    })
    .openapi(routes.newPassword, async (c) => {
      const body = c.req.valid("json");
      // The challenge is a signed token, not a guess: only the address's sign-in budget counts.
      await limiter.check("signIn", clientIp(c));
      return c.json({ result: await accounts.completeNewPassword(body) }, 200);
    })
    .openapi(routes.forgotPassword, async (c) => {
      const { email } = c.req.valid("json");
      await limiter.check("forgotPassword", clientIp(c), email);
      await accounts.forgotPassword(email);
      return c.json(ok, 202);
    })
    .openapi(routes.resetPassword, async (c) => {
      const body = c.req.valid("json");
      await accounts.resetPassword(body, (kind, account) =>
        limiter.check(
          kind === "holder" ? "resetPasswordHolder" : "resetPassword",
          clientIp(c),
          account,
        ),
      );
      return c.json(ok, 200);
    })
    .openapi(routes.refresh, async (c) => {
      const { refreshToken } = c.req.valid("json");
      return c.json({ result: await accounts.refresh(refreshToken) }, 200);
    })
    .openapi(routes.signOut, async (c) => {
      const { accessToken } = c.req.valid("json");
      await accounts.signOut(accessToken);
      return c.json(ok, 200);
    })
    .openapi(routes.federatedStart, async (c) => {
      const { provider } = c.req.valid("json");
      await limiter.check("federated", clientIp(c));
      return c.json(accounts.startFederated(provider), 200);
    })
    .openapi(routes.federated, async (c) => {
      const body = c.req.valid("json");
      await limiter.check("federated", clientIp(c));
      return c.json({ result: await accounts.federatedSignIn(body) }, 200);
    });
}
