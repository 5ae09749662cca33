import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie, CookieParseOptions, CookieSerializeOptions } from "@remix-run/node";

/** What a sealed value starts with: the scheme, so a later one can be told apart. */
const PREFIX = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The AES-256-GCM key a session secret gives (HKDF-SHA-256, its own label): the secret that
 * signs the cookie never encrypts it, and rotating SESSION_SECRET rotates both.
 */
function keyOf(secret: string) {
  return Buffer.from(hkdfSync("sha256", secret, "", "raccolta/session-cookie/v1", 32));
}

export function seal(value: unknown, secret: string) {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** What `seal` sealed under one of `secrets`; undefined for anything else. */
export function unseal(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value !== "string" || !value.startsWith(PREFIX)) return undefined;
  const bytes = Buffer.from(value.slice(PREFIX.length), "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const sealed = bytes.subarray(IV_BYTES + TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
      return JSON.parse(text);
    } catch {
      // Not sealed under this secret: the next one, if any.
    }
  }
  return undefined;
}

/**
 * A cookie whose value is encrypted and authenticated (AES-256-GCM), inside the signed cookie
 * it wraps (ADR 082): what it holds cannot be read from its value, only by the server. A value
 * that does not open (a cookie from before, a forged or damaged one) parses as null: a
 * signed-out visitor, never an error.
 */
export function sealedCookie(cookie: Cookie, secrets: readonly string[]): Cookie {
  const [current] = secrets;
  if (!current) throw new Error("a sealed cookie needs a secret");
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    async parse(header: string | null, options?: CookieParseOptions) {
      try {
        return unseal(await cookie.parse(header, options), secrets) ?? null;
      } catch {
        return null;
      }
    },
    serialize(value: unknown, options?: CookieSerializeOptions) {
      // Clearing the cookie (destroySession) writes an empty value: nothing to hide.
      return cookie.serialize(value === "" ? "" : seal(value, current), options);
    },
  };
}
