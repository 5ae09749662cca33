import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for tests that keeps every message it receives. Framework-free, so the API
 * tests (vitest) and the e2e suite (Playwright) both use it:
 *
 *   const smtp = await new LocalSmtpServer().start();
 *   // SMTP_URL=smtp.url
 *   const mail = await smtp.waitForMail("ada@example.com");
 *   await smtp.stop();
 */
export interface CapturedMail {
  from: string;
  /** Envelope recipients, lowercased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part, in order. */
  links: string[];
  parsed: ParsedMail;
}

interface Waiter {
  to: string;
  resolve: (mail: CapturedMail) => void;
}

export class LocalSmtpServer {
  /** Every message received, oldest first. */
  readonly messages: CapturedMail[] = [];
  /** smtp://127.0.0.1:port once started. */
  url = "";
  private readonly server: SMTPServer;
  private readonly handedOut = new Set<CapturedMail>();
  private waiters: Waiter[] = [];

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS, so no test certificate is involved.
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? "";
            this.receive({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? "",
              text,
              html: typeof parsed.html === "string" ? parsed.html : "",
              links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]),
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  /** Listens on loopback, on `port` or, by default, a free one. */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    const { port: bound } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${bound}`;
    return this;
  }

  /**
   * The next message to `to` that no earlier call returned: one already received, or the next
   * to arrive. Rejects after `timeoutMs`.
   */
  waitForMail(to: string, { timeoutMs = 10_000 } = {}): Promise<CapturedMail> {
    const address = to.toLowerCase();
    const waiting = this.messages.find(
      (mail) => !this.handedOut.has(mail) && mail.to.includes(address),
    );
    if (waiting) {
      this.handedOut.add(waiting);
      return Promise.resolve(waiting);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        to: address,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Messages to `to` received so far, handed out or not. */
  mailTo(to: string) {
    return this.messages.filter((mail) => mail.to.includes(to.toLowerCase()));
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(mail: CapturedMail) {
    this.messages.push(mail);
    const waiter = this.waiters.find((w) => mail.to.includes(w.to));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      this.handedOut.add(mail);
      waiter.resolve(mail);
    }
  }
}

export function startSmtpServer() {
  return new LocalSmtpServer().start();
}
