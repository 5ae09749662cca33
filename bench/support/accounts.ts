import fs from "node:fs";
import path from "node:path";
import { CONSENT } from "#tests/support/consent.ts";
import type { LocalSmtpServer } from "#tests/support/smtp-server.ts";

const PASSWORD = "Correct-Horse-9";

/**
 * A confirmed owner of a team with a collection, made through the API of the host at `origin`
 * (its mail read from `smtp`). With `photos`, that many JPEGs are uploaded into the collection
 * and waited for until they are ready; without, the collection holds one upload never sent.
 */
export async function ownerOn(origin: string, smtp: LocalSmtpServer, { photos = 0 } = {}) {
  const email = `bench.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const call = async (pathname: string, body: unknown, token?: string) => {
    const response = await fetch(`${origin}/api${pathname}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  };
  const { username } = await call("/auth/signup", {
    email,
    password: PASSWORD,
    nickname: "Ada",
    ...CONSENT,
  });
  const code = new URL((await smtp.waitForMail(email)).links[0] ?? "").searchParams.get("code");
  await call("/auth/verify-email", { email, username, code });
  const { result } = (await call("/auth/signin", { email, password: PASSWORD })) as unknown as {
    result: { AccessToken: string };
  };
  const token = result.AccessToken;
  const { teamId = "" } = await call("/teams", { name: "Bench team" }, token);
  const { collectionId = "" } = await call(
    `/teams/${teamId}/collections`,
    { name: "Bench photos" },
    token,
  );
  const filesPath = `/teams/${teamId}/collections/${collectionId}/files`;
  let fileId = "";
  if (photos === 0) {
    ({ fileId = "" } = await call(
      filesPath,
      { name: "forest.jpg", contentType: "image/jpeg", size: 10 },
      token,
    ));
  }
  const fixtures = path.resolve(import.meta.dirname, "../../tests/e2e/fixtures");
  const photoFiles = ["lake.jpg", "forest.jpg", "sunset.jpg"].map((name) =>
    fs.readFileSync(path.join(fixtures, name)),
  );
  for (let i = 0; i < photos; i++) {
    const bytes = photoFiles[i % photoFiles.length] as Buffer;
    const started = await call(
      filesPath,
      {
        name: `photo-${String(i).padStart(2, "0")}.jpg`,
        contentType: "image/jpeg",
        size: bytes.length,
      },
      token,
    );
    const put = await fetch(new URL(started.uploadUrl ?? "", origin), {
      method: "PUT",
      body: new Uint8Array(bytes),
    });
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
    fileId ||= started.fileId ?? "";
  }
  if (photos > 0) await untilReady(`${origin}/api${filesPath}`, token, photos);
  const userId = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sub;
  return { email, token, ids: { teamId, collectionId, fileId, userId } as Record<string, string> };
}

async function untilReady(url: string, token: string, count: number) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await fetch(`${url}?limit=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { files } = (await response.json()) as { files: { status: string }[] };
    if (files.filter((file) => file.status === "ready").length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${count} files were not ready in a minute`);
}

/** A `session=…` cookie from the web tier's own sign-in form. */
export async function webSession(origin: string, email: string) {
  const response = await fetch(`${origin}/auth/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams({ intent: "sign-in", identifier: email, password: PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .find((pair) => pair.startsWith("session="));
  if (!cookie) throw new Error(`web sign-in: ${response.status}`);
  return cookie;
}
