import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "#api/mail/mailer.ts";
import { invitationMail, passwordResetMail, verificationMail } from "#api/mail/templates.ts";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-mail-"));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

const message = {
  locale: "en" as const,
  productName: "Raccolta",
  to: "ada@example.com",
  code: "123456",
  link: "https://raccolta.test/auth/verify?email=ada%40example.com&code=123456&username=u1",
};

describe("mail without SMTP_URL", () => {
  it("writes each message as an .eml file under DATA_DIR/mail and logs where, without its links", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: '"Raccolta" <no-reply@localhost>',
      dataDir,
      logger,
    });
    await mailer.send(verificationMail(message));
    const folder = path.join(dataDir, "mail");
    const files = await fs.readdir(folder);
    expect(files).toHaveLength(1);
    const file = path.join(folder, files[0] ?? "");
    expect(files[0]).toMatch(/\.eml$/);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);

    const parsed = await simpleParser(await fs.readFile(file));
    expect(parsed.subject).toBe("Your Raccolta verification code");
    expect(parsed.text).toContain("123456");
    expect(parsed.html).toContain("123456");
    expect(parsed.from?.text).toContain("no-reply@localhost");

    // The log says where it went, and keeps the code and the link out: logs travel.
    const logged = lines.find((line) => line.file === file);
    expect(logged).toMatchObject({ to: "ada@example.com", file });
    expect(JSON.stringify(lines)).not.toMatch(/123456|verify\?/);
    mailer.close();
  });

  it("in development, logs one readable line with the file and the link", async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: '"Raccolta" <no-reply@localhost>',
      dataDir,
      logger,
      development: true,
    });
    await mailer.send(verificationMail(message));
    const written = lines.filter((line) => String(line.msg).startsWith("Mail to "));
    expect(written).toHaveLength(1);
    expect(written[0]?.msg).toMatch(
      new RegExp(
        `^Mail to ada@example\\.com written to ${dataDir}/mail/[^ ]+\\.eml \\(no SMTP_URL\\); ` +
          "its link: https://raccolta\\.test/auth/verify\\?",
      ),
    );
    mailer.close();
  });
});

describe("mail over SMTP", () => {
  it("sends an HTML and a plain-text part from MAIL_FROM", async () => {
    const smtp = await new LocalSmtpServer().start();
    const { logger } = capturingLogger();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: "Raccolta <hello@raccolta.test>",
      dataDir,
      logger,
    });
    try {
      await mailer.send(passwordResetMail({ ...message, locale: "it" }));
      const mail = await smtp.waitForMail("ADA@example.com");
      expect(mail.from).toBe("hello@raccolta.test");
      expect(mail.subject).toBe("Reimposta la password di Raccolta");
      expect(mail.parsed.headers.get("content-type")).toMatchObject({
        value: "multipart/alternative",
      });
      expect(mail.text).toContain("123456");
      expect(mail.html).toContain("Scegli una nuova password");
    } finally {
      mailer.close();
      await smtp.stop();
    }
  });
});

describe("mail templates", () => {
  it("exist in English and Italian and escape what they show", () => {
    for (const locale of ["en", "it"] as const) {
      for (const template of [verificationMail, passwordResetMail]) {
        const mail = template({ ...message, locale, productName: "R&D <Photos>" });
        expect(mail.html).toContain("R&amp;D &lt;Photos&gt;");
        expect(mail.html).not.toContain("<Photos>");
        expect(mail.text).toContain(message.link);
        expect(mail.links).toEqual([message.link]);
      }
    }
    expect(verificationMail(message).subject).not.toBe(
      verificationMail({ ...message, locale: "it" }).subject,
    );
  });
});

describe("the invitation mail", () => {
  const invitation = {
    locale: "en" as const,
    productName: "Raccolta",
    to: "ada@example.com",
    teamName: "Site <A>\r\nBcc: evil@example.com",
    inviterName: "Grace",
    role: "viewer" as const,
    acceptLink: "https://raccolta.test/teams/t1/invitations/accept?key=abc",
    rejectLink: "https://raccolta.test/teams/t1/invitations/reject?key=abc",
  };

  it("carries the accept and decline links, without a code, in both languages", () => {
    for (const locale of ["en", "it"] as const) {
      const mail = invitationMail({ ...invitation, locale });
      expect(mail.links).toEqual([invitation.acceptLink, invitation.rejectLink]);
      expect(mail.text.indexOf(invitation.acceptLink)).toBeLessThan(
        mail.text.indexOf(invitation.rejectLink),
      );
      expect(mail.html).toContain(`href="${invitation.acceptLink}"`);
      expect(mail.html).toContain(`href="${invitation.rejectLink}"`);
      expect(mail.html).not.toContain("letter-spacing:6px");
    }
    expect(invitationMail(invitation).text).toContain("as viewer");
    expect(invitationMail({ ...invitation, locale: "it" }).text).toContain("come visualizzatore");
  });

  it("keeps names typed by people on one line in the subject, and escapes them in HTML", () => {
    const mail = invitationMail(invitation);
    expect(mail.subject).toBe(
      "“Grace” invited you to the team “Site <A> Bcc: evil@example.com” on Raccolta",
    );
    expect(mail.html).toContain("Site &lt;A&gt;");
    expect(mail.html).not.toContain("<A>");
  });

  it("quotes the names people chose in the subject, cut at 40 characters", () => {
    const bait = {
      ...invitation,
      teamName: "Refund: visit evil-example.com now to claim your money",
    };
    expect(invitationMail(bait).subject).toBe(
      "“Grace” invited you to the team “Refund: visit evil-example.com now to c…” on Raccolta",
    );
    expect(invitationMail({ ...bait, locale: "it" }).subject).toBe(
      "“Grace” ti ha invitato nel team “Refund: visit evil-example.com now to c…” su Raccolta",
    );
  });
});
