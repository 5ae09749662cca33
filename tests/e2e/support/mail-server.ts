import http from "node:http";
import { LocalSmtpServer } from "../../support/smtp-server.ts";

/*
 * The e2e suite's mailbox, started by Playwright as a web server: a real SMTP server the app
 * sends to (SMTP_URL), and a small HTTP side the tests read it through, since the browser
 * tests run in other processes.
 *
 *   GET /messages?to=ada@example.com  → [{id, to, subject, text, links}], oldest first
 *   GET /health                       → 200 once both sides listen
 *
 * Usage: tsx tests/e2e/support/mail-server.ts <smtpPort> <httpPort>
 */
const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  console.error("usage: mail-server.ts <smtpPort> <httpPort>");
  process.exit(2);
}

const smtp = await new LocalSmtpServer().start(smtpPort);

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/health") {
    response.writeHead(200).end("ok");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to") ?? "";
    const messages = smtp.messages
      .map((mail, id) => ({
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        links: mail.links,
      }))
      .filter((mail) => to === "" || mail.to.includes(to.toLowerCase()));
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404).end();
});
server.listen(httpPort, "127.0.0.1");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    void smtp.stop().then(() => process.exit(0));
  });
}
