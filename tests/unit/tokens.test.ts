import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from "#api/auth/tokens.ts";
import { ApiError } from "#api/http/errors.ts";

const user = {
  user_id: "user-1",
  username: "ada",
  email: "ada@example.com",
  email_verified: 1 as const,
  nickname: "Ada",
  team_id: null,
};

function service() {
  let clock = Date.UTC(2026, 10, 26, 12);
  const tokens = createTokenService({
    signingKey: "a signing key long enough for the tests",
    issuer: "https://raccolta.test",
    now: () => clock,
  });
  return { tokens, advance: (ms: number) => (clock += ms) };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("verifyAccess, with verified tokens remembered", () => {
  it("answers the same claims for a token it has checked, until the token expires", async () => {
    const { tokens, advance } = service();
    const { AccessToken } = await tokens.issue(user, "family-1");
    const claims = { userId: "user-1", familyId: "family-1" };
    expect(await tokens.verifyAccess(AccessToken)).toEqual(claims);
    advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000);
    expect(await tokens.verifyAccess(AccessToken)).toEqual(claims);
    advance(1000);
    const expired = await refusal(tokens.verifyAccess(AccessToken));
    expect(expired.message).toBe("The access token has expired");
    // Sign-out still learns its session from a genuine, expired token.
    expect(await tokens.verifyAccess(AccessToken, { allowExpired: true })).toEqual(claims);
  });

  it("never takes a forged token for the genuine one it resembles", async () => {
    const { tokens } = service();
    const { AccessToken, IdToken } = await tokens.issue(user, "family-1");
    await tokens.verifyAccess(AccessToken);
    const [header, payload, signature = ""] = AccessToken.split(".");
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    expect((await refusal(tokens.verifyAccess(forged))).errorCode).toBe("notAuthorized");
    expect((await refusal(tokens.verifyAccess(IdToken))).errorCode).toBe("notAuthorized");
    const other = createTokenService({
      signingKey: "another key, another deployment entirely",
      issuer: "https://raccolta.test",
      now: () => Date.UTC(2026, 10, 26, 12),
    });
    expect((await refusal(other.verifyAccess(AccessToken))).errorCode).toBe("notAuthorized");
  });
});
