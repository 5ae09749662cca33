import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  AUTH_ERROR_KEYS,
  authorizationUrl,
  callbackError,
  isAuthErrorKey,
  isCodeVerifier,
  providerErrorKey,
  randomToken,
  responseModeFor,
  s256CodeChallenge,
  sameSecret,
  scopesFor,
} from "#app/services/oauth.ts";
import { OAUTH_STATE_RANDOM_LENGTH, PKCE_VERIFIER_LENGTH } from "#domain/constants.ts";

describe("randomToken", () => {
  it("makes a PKCE verifier of the product's 128 characters that RFC 7636 accepts", () => {
    const verifier = randomToken(PKCE_VERIFIER_LENGTH);
    expect(verifier).toHaveLength(128);
    expect(isCodeVerifier(verifier)).toBe(true);
  });

  it("makes a state of 32 URL-safe characters, different every time", () => {
    const states = new Set(
      Array.from({ length: 200 }, () => randomToken(OAUTH_STATE_RANDOM_LENGTH)),
    );
    expect(states.size).toBe(200);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("uses the whole alphabet", () => {
    const seen = new Set(randomToken(20_000));
    expect(seen.size).toBe(64);
  });
});

describe("isCodeVerifier", () => {
  it("takes 43 to 128 unreserved characters only", () => {
    expect(isCodeVerifier("a".repeat(42))).toBe(false);
    expect(isCodeVerifier("a".repeat(43))).toBe(true);
    expect(isCodeVerifier("a".repeat(129))).toBe(false);
    expect(isCodeVerifier(`${"a".repeat(42)}~._-`)).toBe(true);
    expect(isCodeVerifier(`${"a".repeat(42)}+`)).toBe(false);
  });
});

describe("s256CodeChallenge", () => {
  it("is BASE64URL(SHA-256(verifier)) without padding", async () => {
    for (const verifier of ["dBjftJeZ4CVP-mJ92K9qGmRx-hNCqdcjCr1wjXoI8YE", randomToken(128)]) {
      const expected = createHash("sha256").update(verifier).digest("base64url");
      expect(await s256CodeChallenge(verifier)).toBe(expected);
    }
    expect(await s256CodeChallenge(randomToken(128))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("sameSecret", () => {
  it("is true only for two equal strings", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abc", "abd")).toBe(false);
    expect(sameSecret("abc", "abcd")).toBe(false);
    expect(sameSecret(null, "abc")).toBe(false);
    expect(sameSecret("abc", undefined)).toBe(false);
    expect(sameSecret(undefined, undefined)).toBe(false);
  });
});

describe("authorizationUrl", () => {
  it("asks for a code with PKCE S256, state, nonce and the scopes, keeping the endpoint's query", () => {
    const url = new URL(
      authorizationUrl({
        authorizationEndpoint: "https://id.example/authorize?tenant=acme",
        clientId: "web app",
        redirectUri: "https://raccolta.example/auth/callback",
        scopes: scopesFor("google"),
        state: "the-state",
        nonce: "the-nonce",
        codeChallenge: "the-challenge",
        responseMode: responseModeFor("google"),
      }),
    );
    expect(url.origin + url.pathname).toBe("https://id.example/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: "acme",
      response_type: "code",
      client_id: "web app",
      redirect_uri: "https://raccolta.example/auth/callback",
      scope: "openid email profile",
      state: "the-state",
      nonce: "the-nonce",
      code_challenge: "the-challenge",
      code_challenge_method: "S256",
    });
  });

  it("asks Apple for its own scopes and a form post", () => {
    expect(scopesFor("apple")).toEqual(["openid", "email", "name"]);
    const url = new URL(
      authorizationUrl({
        authorizationEndpoint: "https://appleid.apple.com/auth/authorize",
        clientId: "id",
        redirectUri: "https://raccolta.example/auth/callback",
        scopes: scopesFor("apple"),
        state: "s",
        nonce: "n",
        codeChallenge: "c",
        responseMode: responseModeFor("apple"),
      }),
    );
    expect(url.searchParams.get("response_mode")).toBe("form_post");
    expect(url.searchParams.get("scope")).toBe("openid email name");
  });
});

describe("providerErrorKey", () => {
  it.each([
    ["access_denied", "canceled"],
    ["user_cancelled_authorize", "canceled"],
    ["consent_required", "canceled"],
    ["login_required", "canceled"],
    ["redirect_uri_mismatch", "noMatchingRedirect"],
    ["invalid_redirect_uri", "noMatchingRedirect"],
    ["unauthorized_client", "noAccessToken"],
    ["unsupported_response_type", "noAccessToken"],
    ["invalid_scope", "noAccessToken"],
    ["invalid_grant", "invalidTokens"],
    ["invalid_request", "unknown"],
    ["server_error", "unknown"],
    ["temporarily_unavailable", "unknown"],
    ["<script>", "unknown"],
    [null, "unknown"],
  ])("maps the provider's %s to the authentication error %s", (error, key) => {
    expect(providerErrorKey(error)).toBe(key);
    expect(isAuthErrorKey(key)).toBe(true);
  });

  it("has the eight authentication errors a callback can end in", () => {
    expect(AUTH_ERROR_KEYS).toHaveLength(8);
  });
});

describe("callbackError", () => {
  it("maps the catalogue code an error_description names, wherever it sits", () => {
    expect(
      callbackError(null, "PreSignUp failed with error privateEmailSignUpNotAllowed.", ""),
    ).toEqual({ code: "privateEmailSignUpNotAllowed", provider: "" });
    expect(
      callbackError("access_denied", 'refused: {"errorCode":"restrictedAccess"}', "Test ID"),
    ).toEqual({ code: "restrictedAccess", provider: "Test ID" });
    expect(callbackError(null, "externalIdentifierError", "Google")).toEqual({
      code: "externalIdentifierError",
      provider: "Google",
    });
  });

  it("falls back on the provider's error, or the generic text when no provider is known", () => {
    expect(callbackError("access_denied", "The user said no", "Google")).toEqual({
      code: "canceled",
      provider: "Google",
    });
    expect(callbackError("access_denied", "The user said no", "")).toEqual({
      code: "canceled",
      provider: "",
    });
    expect(callbackError(null, "<img src=x onerror=alert(1)>Call +1 555 0100", "")).toEqual({
      code: "unknown",
      provider: "",
    });
  });

  it("never picks a code whose message needs a value the callback lacks, nor a provider-named one without a provider", () => {
    expect(callbackError(null, "alreadySignedUp", "").code).toBe("unknown");
    expect(callbackError(null, "notLoggedIn", "").code).toBe("unknown");
    expect(callbackError(null, "externalIdentifierError", "").code).toBe("unknown");
    expect(callbackError(null, "notAuthorized", "")).toEqual({
      code: "unknown",
      provider: "",
    });
    expect(callbackError(null, "notAuthorized", "Apple")).toEqual({
      code: "notAuthorized",
      provider: "Apple",
    });
  });
});
