import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

/*
 * The e2e suite's sign-in provider, started by Playwright as a web server: a real OpenID Connect
 * server (oauth2-mock-server) with discovery, keys, an authorize endpoint that answers at once
 * with a code, and a token endpoint. The app's "oidc" provider points at it.
 *
 * It is stricter than the library alone: the authorize request must ask for a code with PKCE S256,
 * a nonce and the scopes openid email profile; the token request must carry the client secret and
 * the PKCE verifier. The ID token carries the nonce (the library does that) and the person below.
 *
 * Who signs in is up to each test, through cookies on this server's site (set with
 * context.addCookies), so parallel tests in their own browser contexts do not meet:
 *   oidc_email, oidc_given_name, oidc_family_name → the ID token's claims (email_verified true)
 *   oidc_error                                    → the authorize endpoint answers this error
 *   oidc_error_description                        → ... with this description (else a fixed one)
 *
 * Usage: tsx tests/e2e/support/oidc-server.ts <port> <clientId> <clientSecret>
 */
const [portText, clientId, clientSecret] = process.argv.slice(2);
const port = Number(portText);
if (!port || !clientId || !clientSecret) {
  console.error("usage: oidc-server.ts <port> <clientId> <clientSecret>");
  process.exit(2);
}

interface Person {
  email: string;
  givenName: string | undefined;
  familyName: string | undefined;
}

function cookiesOf(request: IncomingMessage) {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0)
      cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return cookies;
}

function clientOf(request: IncomingMessage & { body: Record<string, unknown> }) {
  const header = request.headers.authorization;
  if (header?.startsWith("Basic ")) {
    const [id, secret] = Buffer.from(header.slice(6), "base64").toString().split(":");
    return { id, secret };
  }
  return { id: request.body.client_id, secret: request.body.client_secret };
}

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
/** The person each issued code signs in, until its ID token is made. */
const people = new Map<string, Person>();

server.service.on("beforeAuthorizeRedirect", ({ url }: { url: URL }, request: IncomingMessage) => {
  const query = new URL(request.url ?? "/", "http://localhost").searchParams;
  const code = url.searchParams.get("code");
  const cookies = cookiesOf(request);
  const refuse = (error: string, description: string) => {
    url.searchParams.delete("code");
    url.searchParams.set("error", error);
    url.searchParams.set("error_description", description);
  };
  const scopes = (query.get("scope") ?? "").split(" ");
  if (
    query.get("client_id") !== clientId ||
    query.get("code_challenge_method") !== "S256" ||
    !query.get("code_challenge") ||
    !query.get("nonce") ||
    !["openid", "email", "profile"].every((scope) => scopes.includes(scope))
  ) {
    refuse("invalid_request", "code flow with PKCE S256, nonce and openid email profile expected");
  } else if (cookies.get("oidc_error")) {
    refuse(
      cookies.get("oidc_error") ?? "",
      cookies.get("oidc_error_description") ?? "The provider refused: <b>not</b> shown to people",
    );
  } else if (code && cookies.get("oidc_email")) {
    people.set(code, {
      email: cookies.get("oidc_email") ?? "",
      givenName: cookies.get("oidc_given_name"),
      familyName: cookies.get("oidc_family_name"),
    });
  }
});

server.service.on(
  "beforeTokenSigning",
  (
    token: { payload: Record<string, unknown> },
    request: IncomingMessage & { body: Record<string, unknown> },
  ) => {
    // The access token carries amr; the ID token does not.
    if ("amr" in token.payload) return;
    const code = String(request.body.code ?? "");
    const person = people.get(code);
    people.delete(code);
    if (!person) return;
    Object.assign(token.payload, {
      sub: createHash("sha256").update(person.email).digest("hex").slice(0, 24),
      email: person.email,
      email_verified: true,
      given_name: person.givenName,
      family_name: person.familyName,
      name: [person.givenName, person.familyName].filter(Boolean).join(" ") || undefined,
    });
  },
);

server.service.on(
  "beforeResponse",
  (
    response: { statusCode: number; body: Record<string, unknown> | "" },
    request: IncomingMessage & { body: Record<string, unknown> },
  ) => {
    const client = clientOf(request);
    if (client.id !== clientId || client.secret !== clientSecret) {
      response.statusCode = 401;
      response.body = { error: "invalid_client" };
    } else if (request.body.grant_type === "authorization_code" && !request.body.code_verifier) {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "code_verifier expected" };
    }
  },
);

await server.start(port, "127.0.0.1");
// An IP literal, as OIDC_ISSUER names it.
server.issuer.url = `http://127.0.0.1:${port}`;

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    void server.stop().then(() => process.exit(0));
  });
}
