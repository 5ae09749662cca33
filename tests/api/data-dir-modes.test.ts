import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type Tokens } from "./support/accounts.ts";
import { PUBLIC_URL, startApi, type TestApi } from "./support/api-server.ts";
import { insertCollection } from "./support/collections.ts";
import { ownedTeam, type TestTeam } from "./support/teams.ts";

// What the API writes under DATA_DIR is the server's user's alone: files 0600, folders 0700,
// whatever the process's umask (ADR 022). The host's own part is tests/api/host-data-dir.test.ts.

let api: TestApi;
let team: TestTeam;
let owner: Tokens;
let collectionId: string;

beforeAll(async () => {
  api = await startApi();
  const owned = await ownedTeam(api);
  team = owned.team;
  owner = owned.tokens;
  collectionId = (await insertCollection(api, team)).collectionId;
});
afterAll(() => api.close());

/** A file's or folder's permission bits, as octal text ("600"). */
async function modeOf(file: string) {
  return ((await fs.stat(file)).mode & 0o777).toString(8);
}

/** Every file and folder under `root`, with its mode. */
async function modesUnder(root: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = {};
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    modes[path.relative(root, full)] = await modeOf(full);
  }
  return modes;
}

/** Starts a file of `size` bytes; answers its upload id and the address to send it to. */
async function startFile(size: number) {
  const response = await api.request(
    `/api/teams/${team.teamId}/collections/${collectionId}/files`,
    {
      method: "POST",
      headers: bearer(owner),
      json: { name: "notes.txt", contentType: "text/plain", size },
    },
  );
  expect(response.status).toBe(201);
  const { uploadUrl } = (await response.json()) as { uploadUrl: string };
  const url = uploadUrl.replace(PUBLIC_URL, api.url);
  return { url, uploadId: new URL(url).pathname.split("/").pop() ?? "" };
}

const text = (bytes: number) =>
  Buffer.from("abcdefgh ".repeat(Math.ceil(bytes / 9))).subarray(0, bytes);

describe("DATA_DIR modes", () => {
  it("keeps a tus upload in progress, its info and its folder to the server's user", async () => {
    const size = 64 * 1024;
    const { url, uploadId } = await startFile(size);
    const half = await fetch(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(text(size / 2)),
    });
    expect(half.status).toBe(204);
    expect(half.headers.get("upload-offset")).toBe(String(size / 2));

    const folder = path.join(api.dataDir, "uploads");
    const partial = path.join(folder, uploadId);
    expect((await fs.stat(partial)).size).toBe(size / 2);
    expect(await modeOf(partial)).toBe("600");
    expect(await modeOf(`${partial}.json`)).toBe("600");
    expect(await modeOf(folder)).toBe("700");
  });

  it("keeps a stored blob and its folders to the server's user", async () => {
    const bytes = text(5000);
    const { url } = await startFile(bytes.length);
    const put = await fetch(url, {
      method: "PUT",
      headers: { "Content-Type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    await api.jobs.idle();

    const root = path.join(api.dataDir, "blobs");
    const modes = await modesUnder(root);
    const blobs = Object.keys(modes).filter((name) => name.endsWith("~original"));
    expect(blobs.length).toBeGreaterThan(0);
    expect(await modeOf(root)).toBe("700");
    for (const [name, mode] of Object.entries(modes)) {
      const isFolder = (await fs.stat(path.join(root, name))).isDirectory();
      expect(mode, name).toBe(isFolder ? "700" : "600");
    }
  });

  it("keeps the SQLite database and its -wal and -shm to the server's user", async (context) => {
    if (api.dialect !== "sqlite") context.skip();
    for (const name of ["app.db", "app.db-wal", "app.db-shm"]) {
      expect(await modeOf(path.join(api.dataDir, name)), name).toBe("600");
    }
  });

  it("leaves nothing under DATA_DIR that others on the machine could read", async () => {
    // One more upload left half-way, so every kind of file is there.
    await startFile(10);
    const modes = await modesUnder(api.dataDir);
    expect(Object.keys(modes).length).toBeGreaterThan(5);
    for (const [name, mode] of Object.entries(modes)) {
      const isFolder = (await fs.stat(path.join(api.dataDir, name))).isDirectory();
      expect(mode, name).toBe(isFolder ? "700" : "600");
    }
  });
});
