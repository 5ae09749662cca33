import { ApiError } from "./errors.ts";

export { encodeKeyset } from "#domain/keyset.ts";

/** The position a `lastKey` names, or `invalidInput` for anything this API did not give. */
export function decodeKeyset(lastKey: string): { sortKey: number; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(lastKey, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === "string"
    ) {
      return { sortKey: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new ApiError("invalidInput", "lastKey: not a key this API gave");
}
