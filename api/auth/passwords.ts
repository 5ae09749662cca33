import { randomBytes } from "node:crypto";
import argon2 from "argon2";

/**
 * argon2id with OWASP's baseline (19 MiB, two passes, one lane): about 50 ms here. Stored hashes
 * carry their parameters, so raising these upgrades each account at its next sign-in.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return argon2.hash(password, OPTIONS);
}

/** A hash of a random password, made once: unknown users are checked against it. */
let decoy: Promise<string> | undefined;

/** Makes the decoy hash ahead of the first sign-in, so even that one takes the usual time. */
export function prepareDecoyHash() {
  decoy ??= hashPassword(randomBytes(24).toString("base64url"));
  return decoy;
}

/**
 * Checks a password against a stored hash. Without one (unknown user, provider-only account) it
 * still does the same argon2 work and answers false, so timing does not tell which.
 */
export async function verifyPassword(hash: string | null | undefined, password: string) {
  if (!hash) {
    await argon2.verify(await prepareDecoyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with older parameters and should be replaced. */
export function passwordNeedsRehash(hash: string) {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return false;
  }
}
