// The opaque `lastKey` of keyset pages: where the last page ended in the list's order, a number
// (an epoch ms sort key) and the row's unique id, which breaks ties so the order is total.
// Clients hand it back unchanged; it is no secret. The web tier makes one too, to ask for the
// files right before and after the one a preview shows. Server-side only (Buffer).

export function encodeKeyset(sortKey: number, id: string): string {
  return Buffer.from(JSON.stringify([sortKey, id])).toString("base64url");
}
