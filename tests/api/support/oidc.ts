import { OAuth2Server } from "oauth2-mock-server";
import { CONSENT } from "#tests/support/consent.ts";
import { post } from "./accounts.ts";
import type { TestApi } from "./api-server.ts";

/** The client id the API expects as audience in these tests. */
export const CLIENT_ID = "raccolta-web";

export type Claims = Record<string, unknown>;

/**
 * A real OpenID Connect server on a loopback port (oauth2-mock-server): discovery document,
 * JWKS, RS256 keys of its own. Tests mint ID tokens with `idToken`.
 */
export async function startOidcServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const { port } = server.address();
  // An IP literal, so discovery never depends on how "localhost" resolves.
  server.issuer.url = `http://127.0.0.1:${port}`;
  const issuer = server.issuer.url;
  return {
    issuer,
    /** An ID token as the provider signs it, with `claims` over sensible defaults. */
    idToken(claims: Claims = {}, { expiresIn = 300 } = {}) {
      return server.issuer.buildToken({
        expiresIn,
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, {
            aud: CLIENT_ID,
            sub: "provider-subject-1",
            email_verified: true,
            nonce: "nonce-1",
            ...claims,
          });
        },
      });
    },
    stop: () => server.stop(),
  };
}

export type OidcServer = Awaited<ReturnType<typeof startOidcServer>>;

/**
 * A sign-in through a provider as the web app makes it (ADR 086): a flow the API starts, the
 * provider's ID token carrying that flow's nonce with `claims`, both handed back.
 */
export async function federatedSignIn(
  api: TestApi,
  server: OidcServer,
  claims: Claims,
  provider = "oidc",
  consent: Record<string, unknown> = CONSENT,
) {
  const started = await post(api, "/auth/federated/start", { provider });
  const { flow, nonce } = (await started.json()) as { flow: string; nonce: string };
  const idToken = await server.idToken({ nonce, ...claims });
  return post(api, "/auth/federated", { provider, idToken, flow, ...consent });
}
