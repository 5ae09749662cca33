/**
 * A form's errors are strings (conform's), each a message key. One whose text names values
 * ("try again in 5 minutes") carries them after its key as JSON, `errors.x{"count":5}`, so the
 * page translates it in the visitor's language, on the server and in the browser alike.
 */
export function messageWithValues(key: string, values: Record<string, string | number>) {
  return `${key}${JSON.stringify(values)}`;
}

/** The key and values of a message; a plain key has no values. */
export function readMessage(message: string): { key: string; values: Record<string, unknown> } {
  const start = message.indexOf("{");
  if (start <= 0 || !message.endsWith("}")) return { key: message, values: {} };
  try {
    return { key: message.slice(0, start), values: JSON.parse(message.slice(start)) };
  } catch {
    return { key: message, values: {} };
  }
}
