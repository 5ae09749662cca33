import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from "jose";
import type { Clock } from "#api/clock.ts";
import type { Db } from "#api/db/schema.ts";
import { ApiError } from "#api/http/errors.ts";
import type { FederatedProviderId } from "#domain/providers.ts";
import { emailSchema } from "#domain/validation.ts";

/** What the API needs of a configured provider (the host's config `Provider` fits). */
export interface FederatedProvider {
  id: FederatedProviderId;
  issuer: string;
  clientId: string;
}

/** The verified facts of a provider's ID token. */
export interface FederatedIdentity {
  provider: FederatedProviderId;
  subject: string;
  email: string;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
  locale: string | undefined;
}

/** Signature algorithms accepted from providers: asymmetric only, never "none" or HMAC. */
const ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
];

/** Other spellings of an issuer that providers put in their tokens (Google drops the scheme). */
const ISSUER_ALIASES: Partial<Record<FederatedProviderId, string[]>> = {
  google: ["accounts.google.com"],
};

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;
/** Tolerated clock difference with the provider. */
const CLOCK_TOLERANCE_SECONDS = 60;

/** Apple sends some booleans as strings. */
const isTrue = (value: unknown) => value === true || value === "true";
const text = (value: unknown) =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

/**
 * How long a sign-in flow the API started may be completed: the web app's own limit on the trip
 * to the provider, and some.
 */
export const FEDERATED_FLOW_TTL_MS = 15 * 60 * 1000;

/** A flow: 256 random bits, a dot, its expiry in epoch milliseconds. */
const FLOW = /^[A-Za-z0-9_-]{43}\.(\d{1,15})$/;

/** A sign-in flow the API started (startFlow): the web app keeps `flow`, the provider gets `nonce`. */
export interface FederatedFlow {
  flow: string;
  nonce: string;
  expiresAt: number;
}

function notAuthorized(message = "The sign-in with this provider could not be verified") {
  return new ApiError("notAuthorized", message);
}

/**
 * Verifies ID tokens of the configured OpenID Connect providers against the keys each one
 * publishes (found through its discovery document), with its client id as audience, its issuer,
 * and a nonce the API issued (ADR 086): startFlow gives a flow (a secret the web app keeps in its
 * sealed session) and the nonce for the provider, an HMAC of the flow under `flowKey`; verify
 * takes the flow back, checks the token's nonce against it, and spends the flow, once.
 */
export function createFederatedVerifier({
  providers,
  now,
  db,
  flowKey,
}: {
  providers: readonly FederatedProvider[];
  now: Clock;
  db: Db;
  /** Keys the flows' nonces: the token signing key. */
  flowKey: string;
}) {
  const byId = new Map(providers.map((provider) => [provider.id, provider]));
  const discovered = new Map<
    FederatedProviderId,
    { at: number; keys: Promise<ReturnType<typeof createRemoteJWKSet>> }
  >();

  async function discover(provider: FederatedProvider) {
    const url = `${provider.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // OpenID Connect Discovery 1.0, section 4.3: the document must name the same issuer.
    if (document.issuer !== provider.issuer) throw new Error("discovery names another issuer");
    if (typeof document.jwks_uri !== "string" || !URL.canParse(document.jwks_uri)) {
      throw new Error("discovery has no jwks_uri");
    }
    const jwksUri = new URL(document.jwks_uri);
    if (jwksUri.protocol !== new URL(provider.issuer).protocol) {
      throw new Error("jwks_uri uses another scheme than the issuer");
    }
    return createRemoteJWKSet(jwksUri, { timeoutDuration: FETCH_TIMEOUT_MS });
  }

  /** The provider's key set, discovered once an hour; a failed discovery is retried next time. */
  function keysOf(provider: FederatedProvider) {
    const cached = discovered.get(provider.id);
    if (cached && now() - cached.at < DISCOVERY_TTL_MS) return cached.keys;
    const keys = discover(provider);
    discovered.set(provider.id, { at: now(), keys });
    keys.catch(() => discovered.delete(provider.id));
    return keys;
  }

  /** The nonce of a flow for a provider: what the provider must put in its ID token. */
  function nonceOf(id: FederatedProviderId, flow: string) {
    return createHmac("sha256", flowKey)
      .update(`raccolta-federated-nonce-v1\n${id}\n${flow}`)
      .digest("base64url");
  }

  /** The provider, or invalidInput when it is not on. */
  function providerOf(id: FederatedProviderId) {
    const provider = byId.get(id);
    if (!provider) throw new ApiError("invalidInput", `Sign-in with ${id} is not available`);
    return provider;
  }

  /**
   * Spends a flow: the first ID token to use it signs in, any other is refused. Spent flows are
   * kept until they expire, and then deleted.
   */
  async function spend(flow: string, expiresAt: number) {
    const at = now();
    await db.deleteFrom("federated_flows").where("expires_at", "<", at).execute();
    const flowHash = createHash("sha256").update(flow).digest("base64url");
    const inserted = await db
      .insertInto("federated_flows")
      .values({ flow_hash: flowHash, expires_at: expiresAt })
      .onConflict((oc) => oc.column("flow_hash").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw notAuthorized("This sign-in was already used; start it again");
    }
  }

  return {
    isConfigured(id: FederatedProviderId) {
      return byId.has(id);
    },

    /** Starts a sign-in with the provider: a fresh flow and its nonce (ADR 086). */
    startFlow(id: FederatedProviderId): FederatedFlow {
      providerOf(id);
      const expiresAt = now() + FEDERATED_FLOW_TTL_MS;
      const flow = `${randomBytes(32).toString("base64url")}.${expiresAt}`;
      return { flow, nonce: nonceOf(id, flow), expiresAt };
    },

    async verify(
      id: FederatedProviderId,
      idToken: string,
      flow: string,
    ): Promise<FederatedIdentity> {
      const provider = providerOf(id);
      const expiresAt = Number(FLOW.exec(flow)?.[1] ?? Number.NaN);
      // A flow the API did not start (its nonce would not match either), or one too old.
      if (!(expiresAt > now())) {
        throw notAuthorized("This sign-in has expired or was not started here; start it again");
      }
      let keys: Awaited<ReturnType<typeof keysOf>>;
      try {
        keys = await keysOf(provider);
      } catch {
        throw new ApiError(
          "generic",
          "The sign-in provider is not answering; try again later",
          502,
        );
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keys, {
          algorithms: ALGORITHMS,
          issuer: [provider.issuer, ...(ISSUER_ALIASES[id] ?? [])],
          audience: provider.clientId,
          currentDate: new Date(now()),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["sub", "exp", "iat"],
        }));
      } catch (error) {
        if (error instanceof errors.JWKSTimeout) {
          throw new ApiError(
            "generic",
            "The sign-in provider is not answering; try again later",
            502,
          );
        }
        if (error instanceof errors.JOSEError) throw notAuthorized();
        throw error;
      }
      // The nonce ties the token to a flow the API started and this browser kept; a token with
      // another nonce, or a nonce a caller chose, fails (ADR 086).
      const expected = Buffer.from(nonceOf(id, flow));
      const given = Buffer.from(typeof payload.nonce === "string" ? payload.nonce : "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw notAuthorized();
      }
      // Once: the same token (or another of the same flow) again is a replay.
      await spend(flow, expiresAt);
      const email = emailSchema.safeParse(payload.email).data;
      if (!email || !isTrue(payload.email_verified)) {
        throw new ApiError("notConfirmed", "The provider has not verified this account's email");
      }
      // Apple's relay addresses cannot receive our mail from others or match an invitation.
      if (id === "apple" && isTrue(payload.is_private_email)) {
        throw new ApiError(
          "privateEmailSignUpNotAllowed",
          "Choose Share My Email when signing in with Apple",
        );
      }
      return {
        provider: id,
        subject: payload.sub as string,
        email,
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        name: text(payload.name),
        locale: text(payload.locale),
      };
    },
  };
}

export type FederatedVerifier = ReturnType<typeof createFederatedVerifier>;
