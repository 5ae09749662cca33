/**
 * Whether a link's page asks its guest in before they send (ADR 098): a PIN, a name it
 * requires, or a name or email it offers. A link that asks nothing lets its guest in with
 * their first file.
 */
export function needsEntry(page: { needsPin: boolean; askName: string; askEmail: boolean }) {
  return page.needsPin || page.askName !== "off" || page.askEmail;
}
