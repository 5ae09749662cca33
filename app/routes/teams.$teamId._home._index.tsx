/**
 * The team's home with no dialog open. A pathless layout (teams.$teamId._home) renders only when
 * one of its children matches the address, so its plain address needs this empty child.
 */
export default function TeamHomeIndex() {
  return null;
}
