import { randomBytes, randomInt } from "node:crypto";
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

/**
 * Character sets of generated passwords: no look-alikes (0/O, 1/l/I), and only symbols that
 * every phone keyboard shows on its first symbol page, since internal members type them there.
 */
const GENERATED_CLASSES = [
  "abcdefghijkmnpqrstuvwxyz",
  "ABCDEFGHJKLMNPQRSTUVWXYZ",
  "23456789",
  "-.!?@#",
] as const;

/** A generated password is this long: about 95 bits. */
export const GENERATED_PASSWORD_LENGTH = 16;

/**
 * A random password the policy accepts (a digit, a lowercase and an uppercase letter, a special
 * character), for internal members, who replace it at their first sign-in.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH) {
  const pick = (chars: string) => chars.charAt(randomInt(chars.length));
  const all = GENERATED_CLASSES.join("");
  const chars = GENERATED_CLASSES.map(pick);
  while (chars.length < length) chars.push(pick(all));
  // Fisher-Yates, so the guaranteed classes are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  return chars.join("");
}
