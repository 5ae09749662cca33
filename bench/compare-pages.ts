import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LocalSmtpServer } from "#tests/support/smtp-server.ts";
import { ownerOn, webSession } from "./support/accounts.ts";
import { type BenchHost, startHost } from "./support/host.ts";

/**
 * Two builds serve the same pages from one data directory, and their HTML is compared: for a
 * change that should leave every page's markup as it was, such as our own components in place of
 * Radix's (ADRs 054, 057).
 *
 *   git worktree add /tmp/before HEAD~1 && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   (cd /tmp/before && npm run build) && npm run build
 *   node --import tsx bench/compare-pages.ts /tmp/before
 *
 * The first argument is the folder of build A (its `build/` is run), the second, build B,
 * defaults to this checkout. Build B makes the data (an owner, a team, a collection of three
 * photos), then both serve it. Compared:
 *   - the pages of a signed-in owner: the team, its dialogs, the collection, a file and its
 *     dialogs, the profile;
 *   - the signed-out pages;
 *   - the sign-in form's answers to a wrong password and to empty fields.
 *
 * Before comparing, what differs between any two responses is set aside:
 *   - nonces;
 *   - the assets' hashes, the manifest and the module list;
 *   - times;
 *   - the order of attributes and of classes in a tag.
 *
 * For each page the script prints "same", or the first difference in context. It exits with 1
 * when a page differs.
 */
const [folderA, folderB = "."] = process.argv.slice(2);
if (!folderA) {
  console.error("usage: node --import tsx bench/compare-pages.ts <folder of build A> [of build B]");
  process.exit(2);
}

/** The markup with what differs between any two responses of one build set aside. */
function comparable(html: string) {
  return html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css)/g, "/assets/$1.$2")
    .replace(/window\.__remixManifest[^<]*/g, "")
    .replace(/<script[^>]*>for\(const h of[^<]*<\/script>/g, "")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "TIME")
    .replace(/\b1[78]\d{11}\b/g, "TIME")
    .replace(
      /<([a-z0-9]+)((?:\s+[\w:-]+(?:="[^"]*")?)+)\s*(\/?)>/g,
      (_, tag, text: string, end) => {
        const attributes = [...text.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(
          ([, name, value]) => {
            if (value === undefined) return name;
            return name === "class"
              ? `class="${value.split(/\s+/).sort().join(" ")}"`
              : `${name}="${value}"`;
          },
        );
        return `<${tag} ${attributes.sort().join(" ")}${end}>`;
      },
    );
}

/** "same", or where the two first differ, with some of the markup around it. */
function difference(a: string, b: string) {
  if (a === b) return "same";
  let at = 0;
  while (a[at] === b[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 200), at + 300);
  return `DIFFERENT\n  A: ${around(a)}\n  B: ${around(b)}`;
}

const smtp = await new LocalSmtpServer().start();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-compare-pages-"));
const env = { SMTP_URL: smtp.url, ADDRESS_RATE_LIMIT_FACTOR: "50", DATA_DIR: dataDir };
const hosts: BenchHost[] = [];
let differing = 0;
try {
  const b = await startHost(env, path.resolve(folderB));
  hosts.push(b);
  const owner = await ownerOn(b.origin, smtp, { photos: 3 });
  const a = await startHost(env, path.resolve(folderA));
  hosts.push(a);
  const cookies = new Map([
    [a.origin, await webSession(a.origin, owner.email)],
    [b.origin, await webSession(b.origin, owner.email)],
  ]);
  const { teamId, collectionId, fileId, userId } = owner.ids;
  const team = `/teams/${teamId}`;
  const collection = `${team}/collections/${collectionId}`;
  const signedIn = [
    "/profile",
    "/profile/avatar",
    "/plans",
    team,
    ...["info", "members/new", "new-collection", "rename", "alias", "logo", "roles"].map(
      (dialog) => `${team}/${dialog}`,
    ),
    `${team}/members/${userId}`,
    `${team}/share-collection/${collectionId}`,
    `${team}/rename-collection/${collectionId}`,
    collection,
    `${collection}/upload`,
    `${collection}/files/${fileId}`,
    `${collection}/files/${fileId}/rename`,
  ];
  const signedOut = ["/", "/auth/signin", "/auth/signup", "/auth/forgot", "/terms", "/privacy"];
  const failedSignIns = [
    { intent: "sign-in", identifier: owner.email, password: "Wrong-Password-1" },
    { intent: "sign-in", identifier: "", password: "" },
  ];

  const compare = async (label: string, request: (origin: string) => Promise<Response>) => {
    const [pageA, pageB] = await Promise.all(
      [a.origin, b.origin].map(async (origin) => {
        const response = await request(origin);
        return `${response.status} ${comparable(await response.text())}`;
      }),
    );
    const verdict = difference(pageA ?? "", pageB ?? "");
    if (verdict !== "same") differing++;
    console.log(`${verdict.padEnd(4)} ${label}`);
  };
  for (const page of signedIn) {
    await compare(page.replaceAll(/[\da-f]{8}-[\da-f-]{27}/g, "…"), (origin) =>
      fetch(origin + page, { headers: { cookie: cookies.get(origin) ?? "" }, redirect: "manual" }),
    );
  }
  for (const page of [...signedOut, "/status", "/404"]) {
    await compare(`${page} (signed out)`, (origin) => fetch(origin + page, { redirect: "manual" }));
  }
  for (const fields of failedSignIns) {
    await compare(
      `sign-in with ${fields.password ? "a wrong password" : "empty fields"}`,
      (origin) =>
        fetch(`${origin}/auth/signin`, {
          method: "POST",
          headers: { Origin: origin },
          body: new URLSearchParams(fields),
        }),
    );
  }
  console.log(differing === 0 ? "\nevery page the same" : `\n${differing} differ`);
} finally {
  for (const host of hosts) await host.stop();
  await smtp.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
process.exit(differing === 0 ? 0 : 1);
