import { SIGN_UP_NICKNAME_INPUT_MAX } from "./constants.ts";

/**
 * What the sign-up nickname input keeps while typing: no leading spaces, 30 characters. Here,
 * apart from the schemas, so the browser can run it as the visitor types without loading zod.
 */
export function normalizeSignUpNicknameInput(raw: string): string {
  return Array.from(raw.trimStart()).slice(0, SIGN_UP_NICKNAME_INPUT_MAX).join("");
}
