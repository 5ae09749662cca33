import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret from the environment, or else one generated once into DATA_DIR/secrets with mode 0600.
 * Creation uses O_EXCL, so two instances starting together on one DATA_DIR agree on one value.
 * There is never a literal fallback.
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const dir = path.join(dataDir, "secrets");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, name);
  try {
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32)
    throw new Error(`The secret in ${file} is too short; delete it to regenerate`);
  return secret;
}
