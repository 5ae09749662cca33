// The member actions asked to be confirmed first (`?confirm=`): a page that works without
// JavaScript (ADR 095). Shared by the dialog and its server module.

export const CONFIRMED_ACTIONS = ["remove", "ban", "makeOwner"] as const;
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
