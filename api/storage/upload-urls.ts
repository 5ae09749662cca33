import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The `uploadUrl` of docs/product.md#images: an address on our API that takes one PUT of an image's
 * bytes with no bearer token. The path names what is uploaded (`/api/uploads/<kind>/<id>`); the
 * query carries the expiry (epoch ms) and an HMAC over kind, id and expiry, so none of them can be
 * changed. That it works only once is the database's part: the route claims the row atomically.
 */

/** How long an upload address works. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

/** Where upload addresses point: `PUT /api/uploads/<kind>/<id>?expires=...&signature=...`. */
export const UPLOAD_URL_PATH = "/api/uploads/";

/**
 * What can be uploaded this way: users' avatars and teams' logos (`/api/uploads/<kind>/<id>`),
 * and files of collections (`/api/uploads/<uploadId>`, also the tus address of the upload).
 */
export type UploadKind = "avatars" | "logos" | "files";

export type UploadUrlCheck = "valid" | "invalid" | "expired";

export interface UploadUrlSigner {
  /** The absolute upload address on `baseUrl` (the public address, without a trailing `/`). */
  url(baseUrl: string, kind: UploadKind, id: string, expiresAt: number): string;
  /** Checks the `expires` and `signature` query values against the path's kind and id. */
  check(
    kind: UploadKind,
    id: string,
    expires: string | undefined,
    signature: string | undefined,
    now: number,
  ): UploadUrlCheck;
}

/**
 * Signs with a key derived from `secret` (the token signing key), so the raw key that signs
 * disk blob links never signs an upload address, and one kind of link is never another.
 */
export function createUploadUrlSigner(secret: string): UploadUrlSigner {
  if (typeof secret !== "string" || secret.length < 32) {
    throw new TypeError("The upload signing secret must be at least 32 characters");
  }
  const key = createHmac("sha256", secret).update("raccolta-upload-url-key-v1").digest();
  const sign = (kind: UploadKind, id: string, expiresAt: number) =>
    createHmac("sha256", key)
      .update(["raccolta-upload-v1", "PUT", kind, id, String(expiresAt)].join("\n"))
      .digest("base64url");

  return {
    url(baseUrl, kind, id, expiresAt) {
      const query = new URLSearchParams({
        expires: String(expiresAt),
        signature: sign(kind, id, expiresAt),
      });
      const folder = kind === "files" ? "" : `${kind}/`;
      return `${baseUrl}${UPLOAD_URL_PATH}${folder}${encodeURIComponent(id)}?${query}`;
    },
    check(kind, id, expires, signature, now) {
      if (typeof expires !== "string" || !/^\d{1,16}$/.test(expires)) return "invalid";
      if (typeof signature !== "string" || signature.length === 0) return "invalid";
      const expiresAt = Number(expires);
      const expected = Buffer.from(sign(kind, id, expiresAt));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return now > expiresAt ? "expired" : "valid";
    },
  };
}
