/**
 * The team's home with no dialog open. Kept on purpose (ADR 017, ADR 019): the home
 * (teams.$teamId._home) is a pathless layout, which renders only when one of its children
 * matches the address, so its plain address /teams/:teamId needs this empty index child.
 */
export default function TeamHomeIndex() {
  return null;
}
