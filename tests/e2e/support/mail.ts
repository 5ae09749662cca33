import { mailUrl } from "../../../playwright.config.ts";

/** A message the suite's mailbox (mail-server.ts) received. */
export interface ReceivedMail {
  id: number;
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

/**
 * The first message to `to` whose subject matches, received after `after` when given. Polls the
 * mailbox, since the mail is sent by the app while the test drives the browser.
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  { after, timeoutMs = 10_000 }: { after?: ReceivedMail; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${mailUrl}/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as ReceivedMail[];
    const found = messages.find(
      (mail) => subject.test(mail.subject) && (after === undefined || mail.id > after.id),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = messages.map((mail) => mail.subject).join(", ") || "none";
      throw new Error(
        `No mail to ${to} matching ${subject} within ${timeoutMs} ms (seen: ${seen})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
