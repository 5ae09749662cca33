import { redirect } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import type { SocialProvider, WebContext } from "#app/load-context.ts";
import { OAUTH_STATE_RANDOM_LENGTH, PKCE_VERIFIER_LENGTH } from "#domain/constants.ts";
import { authApi } from "./api/auth.server.ts";
import { ApiRequestError } from "./api/client.server.ts";
import { startSession } from "./auth.server.ts";
import {
  authorizationUrl,
  callbackError,
  randomToken,
  responseModeFor,
  s256CodeChallenge,
  sameSecret,
  scopesFor,
} from "./oauth.ts";
import {
  type AppSession,
  commitSession,
  getSession,
  type SignInError,
  SOCIAL_SIGN_IN_KEYS,
  sessionStorage,
} from "./session.server.ts";

/*
 * Social sign-in (ADR 009): the OpenID Connect authorization code flow with PKCE, state and nonce.
 * The button posts to /auth/social/{provider}, which asks the API to start a flow (its nonce,
 * ADR 086), stores the state, the 128-character PKCE verifier and the flow in the signed, httpOnly
 * session cookie and redirects to the provider with the nonce. The provider sends the browser back
 * to /auth/callback, where remix-auth-oauth2 exchanges the code (with the client secret and the
 * verifier) for tokens; the ID token and the flow go to the API's POST /auth/federated, which
 * checks the token's nonce against the flow, once, and answers our own tokens.
 */

/** How long a started sign-in may take at the provider. */
const SIGN_IN_TTL_MS = 10 * 60 * 1000;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const DISCOVERY_TIMEOUT_MS = 5000;
const TOKEN_TIMEOUT_MS = 10_000;
const CALLBACK_PATH = "/auth/callback";

/** Names for providers that are not (or no longer) configured here. */
const BUILT_IN_NAMES: Record<string, string> = {
  google: "Google",
  apple: "Apple",
  linkedin: "LinkedIn",
};

interface ProviderEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** client_secret_post unless the provider only takes client_secret_basic. */
  authenticateWith: "request_body" | "http_basic_auth";
}

export function findProvider(context: WebContext, id: string | undefined) {
  return context.config.providers.find((provider) => provider.id === id);
}

function providerName(context: WebContext, id: string) {
  return findProvider(context, id)?.name ?? BUILT_IN_NAMES[id] ?? id;
}

/** An endpoint must use the issuer's scheme or https (plain http only for a loopback issuer). */
function endpoint(value: unknown, issuer: URL) {
  if (typeof value !== "string" || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === "https:" || url.protocol === issuer.protocol ? url.toString() : null;
}

async function discover(provider: SocialProvider): Promise<ProviderEndpoints> {
  const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as Record<string, unknown>;
  // OpenID Connect Discovery 1.0, section 4.3: the document must name the same issuer.
  if (document.issuer !== provider.issuer) throw new Error("discovery names another issuer");
  const issuer = new URL(provider.issuer);
  const authorizationEndpoint = endpoint(document.authorization_endpoint, issuer);
  const tokenEndpoint = endpoint(document.token_endpoint, issuer);
  if (!authorizationEndpoint || !tokenEndpoint) throw new Error("discovery lacks endpoints");
  // Discovery's default is client_secret_basic; client_secret_post is preferred when offered,
  // since basic auth needs the id and secret form-encoded first and not every client does that.
  const methods = Array.isArray(document.token_endpoint_auth_methods_supported)
    ? document.token_endpoint_auth_methods_supported
    : ["client_secret_basic"];
  const basicOnly =
    methods.includes("client_secret_basic") && !methods.includes("client_secret_post");
  return {
    authorizationEndpoint,
    tokenEndpoint,
    authenticateWith: basicOnly ? "http_basic_auth" : "request_body",
  };
}

const discovered = new Map<string, { at: number; endpoints: Promise<ProviderEndpoints> }>();

/** The provider's endpoints, discovered once an hour; a failed discovery is retried next time. */
function endpointsOf(provider: SocialProvider) {
  const key = `${provider.id} ${provider.issuer}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.endpoints;
  const endpoints = discover(provider);
  discovered.set(key, { at: Date.now(), endpoints });
  endpoints.catch((error: unknown) => {
    discovered.delete(key);
    console.warn(`Sign-in provider ${provider.id}: discovery failed: ${String(error)}`);
  });
  return endpoints;
}

/** Where the provider sends the browser back: this site's /auth/callback. */
function callbackUrl(request: Request) {
  return new URL(CALLBACK_PATH, request.url).toString();
}

async function signInFailed(
  request: Request,
  context: WebContext,
  session: AppSession,
  error: SignInError,
) {
  for (const key of SOCIAL_SIGN_IN_KEYS) session.unset(key);
  session.flash("signInError", error);
  return redirect("/auth/signin", {
    status: 303,
    headers: { "Set-Cookie": await commitSession(request, context, session) },
  });
}

/**
 * The button: keeps a fresh state, PKCE verifier and nonce in the session cookie and sends the
 * browser to the provider's authorization endpoint. `home` is where to land when the session
 * holds no redirectTo.
 */
export async function beginSocialSignIn(
  request: Request,
  context: WebContext,
  providerId: string | undefined,
  home: string,
) {
  const session = await getSession(request, context);
  const provider = findProvider(context, providerId);
  if (!provider) {
    return signInFailed(request, context, session, { code: "notAvailable", provider: "" });
  }
  let endpoints: ProviderEndpoints;
  try {
    endpoints = await endpointsOf(provider);
  } catch {
    return signInFailed(request, context, session, {
      code: "unavailable",
      provider: provider.name,
    });
  }
  // The nonce is the API's, bound to a flow only this browser's sealed session holds (ADR 086).
  let started: { flow: string; nonce: string };
  try {
    ({ body: started } = await authApi.federatedStart(context, { provider: provider.id }));
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const { code, provider: name } = apiErrorOf(context, provider, error);
      return signInFailed(request, context, session, { code, provider: name });
    }
    if (isNoConnection(error)) {
      return signInFailed(request, context, session, {
        code: "noConnection",
        provider: provider.name,
      });
    }
    throw error;
  }
  const { flow, nonce } = started;
  const state = randomToken(OAUTH_STATE_RANDOM_LENGTH);
  const codeVerifier = randomToken(PKCE_VERIFIER_LENGTH);
  session.set("oauth2:state", state);
  session.set("oauth2:codeVerifier", codeVerifier);
  session.set("socialSignIn", { provider: provider.id, flow, home, startedAt: Date.now() });
  const url = authorizationUrl({
    authorizationEndpoint: endpoints.authorizationEndpoint,
    clientId: provider.clientId,
    redirectUri: callbackUrl(request),
    scopes: scopesFor(provider.id),
    state,
    nonce,
    codeChallenge: await s256CodeChallenge(codeVerifier),
    responseMode: responseModeFor(provider.id),
  });
  return redirect(url, {
    status: 303,
    headers: { "Set-Cookie": await commitSession(request, context, session) },
  });
}

/** A token answer the callback cannot use, with the authentication error it is. */
class IdTokenError extends Error {
  constructor(readonly key: "noAccessToken" | "noIssuer") {
    super(key);
    this.name = "IdTokenError";
  }
}

/** The `iss` of a JWT's payload, unverified (the API verifies the token), or null. */
function issuerOf(jwt: string) {
  try {
    const payload = JSON.parse(
      atob((jwt.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")),
    );
    return typeof payload?.iss === "string" && payload.iss ? payload.iss : null;
  } catch {
    return null;
  }
}

/** The provider's ID token for this callback's code, through remix-auth-oauth2's code flow. */
async function exchangeCode(
  request: Request,
  context: WebContext,
  provider: SocialProvider,
  endpoints: ProviderEndpoints,
) {
  const strategy = new OAuth2Strategy<string, { provider: string }, { id_token?: unknown }>(
    {
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      authorizationEndpoint: endpoints.authorizationEndpoint,
      tokenEndpoint: endpoints.tokenEndpoint,
      redirectURI: callbackUrl(request),
      scopes: scopesFor(provider.id),
      codeChallengeMethod: "S256",
      authenticateWith: endpoints.authenticateWith,
    },
    async ({ tokens }) => {
      if (typeof tokens.id_token !== "string" || !tokens.id_token) {
        throw new IdTokenError("noAccessToken");
      }
      if (!issuerOf(tokens.id_token)) throw new IdTokenError("noIssuer");
      return tokens.id_token;
    },
  );
  const authenticator = new Authenticator<string>(sessionStorage(context, request), {
    throwOnError: true,
  }).use(strategy, provider.id);
  // The token request gets the browser's abort signal and a time limit of its own.
  const timed = new Request(request.url, {
    headers: request.headers,
    signal: AbortSignal.any([request.signal, AbortSignal.timeout(TOKEN_TIMEOUT_MS)]),
  });
  return authenticator.authenticate(provider.id, timed);
}

function exchangeErrorKey(provider: SocialProvider, error: unknown) {
  const cause = error instanceof AuthorizationError ? error.cause : error;
  if (cause instanceof OAuth2RequestError) {
    console.warn(`Sign-in provider ${provider.id}: the token endpoint answered ${cause.message}`);
    if (cause.message === "temporarily_unavailable") return "unavailable";
    return cause.message === "invalid_grant" ? "invalidTokens" : "unknown";
  }
  if (cause instanceof IdTokenError) return cause.key;
  const name = cause instanceof Error ? cause.name : "";
  console.warn(`Sign-in provider ${provider.id}: code exchange failed: ${String(cause)}`);
  // fetch fails with a TypeError when the provider cannot be reached; a timeout aborts it.
  return name === "TypeError" || name === "TimeoutError" || name === "AbortError"
    ? "unavailable"
    : "unknown";
}

/** The message for a refusal by the API, with the provider it names. */
function apiErrorOf(context: WebContext, provider: SocialProvider, error: ApiRequestError) {
  if (error.errorCode === "alreadySignedUp") {
    const account = typeof error.body.provider === "string" ? error.body.provider : "password";
    return account === "password" || account === provider.id
      ? { code: "alreadySignedUpPassword", provider: provider.name }
      : { code: "alreadySignedUp", provider: providerName(context, account) };
  }
  // 502: the API could not reach the provider's keys.
  if (error.statusCode === 502) return { code: "unavailable", provider: provider.name };
  return { code: error.errorCode, provider: provider.name };
}

/** `apiCall` throws this (a 503 `data()`) when the API cannot be reached. */
function isNoConnection(error: unknown) {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/**
 * The callback: the state must be the one this browser's session holds (and recent), then the
 * code is exchanged, the ID token handed to the API with the nonce, and the web session started.
 * Every failure goes back to the sign-in page with a message; the temporary data goes either way.
 */
/**
 * Completes a sign-in the provider sent back. `consent` is what the provider buttons say
 * continuing confirms (ADR 096); the API keeps it when this sign-in makes the account.
 */
export async function completeSocialSignIn(
  request: Request,
  context: WebContext,
  consent: { ageConfirmed: true; termsVersion: string; privacyVersion: string },
) {
  const session = await getSession(request, context);
  const query = new URL(request.url).searchParams;
  const pending = session.get("socialSignIn");
  const provider = findProvider(context, pending?.provider);
  const fail = (code: string, name = provider?.name ?? "") =>
    signInFailed(request, context, session, { code, provider: name });

  const ours =
    pending &&
    provider &&
    Date.now() - pending.startedAt <= SIGN_IN_TTL_MS &&
    sameSecret(query.get("state"), session.get("oauth2:state"));
  // A refusal (the callback with error_description shows the mapped error; docs/product.md#sign-in)
  // says why whether or not its state is ours: it signs nobody in, and shows only our own texts.
  if (query.has("error") || query.has("error_description")) {
    const refusal = callbackError(
      query.get("error"),
      query.get("error_description"),
      ours ? (provider?.name ?? "") : "",
    );
    return signInFailed(request, context, session, refusal);
  }
  if (!ours) return fail("state", "");
  // RFC 9207: a provider that names itself in `iss` must name the issuer this sign-in began with,
  // or the answer comes from another provider than the one asked (a mix-up).
  const iss = query.get("iss");
  if (iss !== null && iss !== provider.issuer) return fail("differentOrigin");
  if (!query.get("code")) return fail("unknown");

  let endpoints: ProviderEndpoints;
  try {
    endpoints = await endpointsOf(provider);
  } catch {
    return fail("unavailable");
  }
  let idToken: string;
  try {
    idToken = await exchangeCode(request, context, provider, endpoints);
  } catch (error) {
    if (error instanceof Response) throw error;
    return fail(exchangeErrorKey(provider, error));
  }

  try {
    const { body } = await authApi.federated(context, {
      provider: provider.id,
      idToken,
      flow: pending.flow,
      ...consent,
    });
    return await startSession(request, context, body.result, pending.home);
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const { code, provider: name } = apiErrorOf(context, provider, error);
      return fail(code, name);
    }
    if (isNoConnection(error)) return fail("noConnection");
    throw error;
  }
}
