import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

/** One message: both an HTML and a plain-text part, and the links it carries (for the log). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** More headers: List-Unsubscribe on mail that is not transactional. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; without it messages go to `${dataDir}/mail/`. */
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  /**
   * Development: a message written to a file is also logged as one readable line with its
   * links, so a person trying the product finishes signing up from the terminal. Elsewhere the
   * log names the file only: links carry codes, invitation keys and tokens, and logs travel.
   */
  development?: boolean;
}

/**
 * Sends over SMTP when configured. Otherwise each message is written as an .eml file under
 * DATA_DIR/mail, and the log says where (with its links in development, see MailerOptions), so
 * a local user can still finish signing up.
 */
export function createMailer({
  smtpUrl,
  from,
  dataDir,
  logger,
  development = false,
}: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text, html, headers }) {
        await transport.sendMail({ from, to, subject, text, html, headers });
        logger.info({ to, subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(dataDir, "mail");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async send({ to, subject, text, html, links, headers }) {
      const info = await transport.sendMail({ from, to, subject, text, html, headers });
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(folder, name);
      // The message holds a code: readable by the server's user only.
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      if (development) {
        const link = links.length > 0 ? `; its link: ${links[0]}` : "";
        logger.info(`Mail to ${to} written to ${file} (no SMTP_URL)${link}`);
      } else {
        logger.info({ to, file }, "mail written to a file (SMTP_URL is not set)");
      }
    },
    close: () => transport.close(),
  };
}
