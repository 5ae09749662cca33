import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pythonZipCheck } from "#tests/support/zip-tools.ts";
import { bearer, expectError } from "./support/accounts.ts";
import { insertCollection, type StoredCollection } from "./support/collections.ts";
import { admitTestGuest, insertDropLink, type StoredDropLink } from "./support/drop-link-rows.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { insertFile, type StoredFile } from "./support/files.ts";
import { ownedTeam, type TestTeam } from "./support/teams.ts";

// A drop link's read-only gallery (ADR 100) over real HTTP on a fresh database: what guests see
// of the collection, who may see it, its pages, its signed links and its zip.

const api = apiForThisFile();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "drop-gallery-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

interface GalleryFile {
  fileId: string;
  name: string;
  sentBy: "guest" | "team";
  thumbnailUrl: string | null;
  previewUrl: string | null;
  [key: string]: unknown;
}
interface GalleryPage {
  title: string;
  team: { name: string; logoUrl: string | null };
  collection: { name: string; fileCount: number };
  files: GalleryFile[];
  nextCursor: string | null;
}

const galleryPath = (link: StoredDropLink) => `/api/drops/${link.token}/collection`;

function asGuest(credential?: string) {
  return credential ? { headers: { Authorization: `Bearer ${credential}` } } : {};
}

async function pageOf(link: StoredDropLink, query = "", credential?: string) {
  const response = await api.request(`${galleryPath(link)}${query}`, asGuest(credential));
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return (await response.json()) as GalleryPage;
}

/** A new team's collection of one file with its blobs, shown by a link that a call changes. */
async function galleryOfOne(file: { name: string; contentType?: string }) {
  const { team, tokens } = await ownedTeam(api);
  const collection = await insertCollection(api, team);
  const inserted = await insertFile(api, team, collection, { ...file, withBlobs: true });
  const link = await insertDropLink(api, team, collection, { guestsSee: "collection" });
  async function setLink(change: unknown) {
    const patched = await api.request(`/api/teams/${team.teamId}/drop-links/${link.linkId}`, {
      method: "PATCH",
      headers: bearer(tokens),
      json: change,
    });
    expect(patched.status).toBe(200);
  }
  return { team, tokens, collection, file: inserted, link, setLink };
}

/** A team's collection with files in every state a gallery must tell apart, and a link to it. */
async function collectionWithEveryKindOfFile() {
  const { team } = await ownedTeam(api);
  const collection = await insertCollection(api, team, { name: "Wedding" });
  const other = await insertCollection(api, team, { name: "Private" });
  const at = api.clock.now();
  const file = (name: string, minutesAgo: number, extra = {}) =>
    insertFile(api, team, collection, {
      name,
      refDate: at - minutesAgo * 60_000,
      withBlobs: true,
      ...extra,
    });
  const visible = {
    newest: await file("newest.jpg", 1),
    fromGuest: await file("from-guest.jpg", 2),
    processing: await file("processing.jpg", 3, { status: "processing" }),
    oldest: await file("oldest.jpg", 10),
  };
  const hidden = {
    held: await file("held.jpg", 4),
    trashed: await file("trashed.jpg", 5),
    uploading: await file("uploading.jpg", 6, { status: "uploading" }),
    failed: await file("failed.jpg", 7, { status: "failed" }),
    elsewhere: await insertFile(api, team, other, { name: "elsewhere.jpg", withBlobs: true }),
  };
  const link = await insertDropLink(api, team, collection, { guestsSee: "collection" });
  await api.db
    .updateTable("files")
    .set({ guest_id: "a-guest", drop_link_id: link.linkId, guest_name: "Ada" })
    .where("file_id", "in", [visible.fromGuest.fileId, hidden.held.fileId])
    .execute();
  await api.db
    .updateTable("files")
    .set({ review_state: "held" })
    .where("file_id", "=", hidden.held.fileId)
    .execute();
  await api.db
    .updateTable("files")
    .set({ deleted_at: at, deleted_by: team.ownerId })
    .where("file_id", "=", hidden.trashed.fileId)
    .execute();
  return { team, collection, link, visible, hidden };
}

const idsOf = (files: { fileId: string }[]) => files.map((file) => file.fileId);
const order = (files: Record<string, StoredFile>) => Object.values(files).map((f) => f.fileId);

describe("what a guest sees", () => {
  it("lists the collection's visible files newest first, and nothing about the team's members", async () => {
    const { team, link, visible } = await collectionWithEveryKindOfFile();
    const page = await pageOf(link);
    expect(page.collection).toEqual({ name: "Wedding", fileCount: 4 });
    expect(page.team.name).toBe(team.name);
    expect(idsOf(page.files)).toEqual(order(visible));
    expect(page.nextCursor).toBeNull();
    const guestFile = page.files.find((file) => file.fileId === visible.fromGuest.fileId);
    expect(guestFile?.sentBy).toBe("guest");
    expect(page.files[0]?.sentBy).toBe("team");
    for (const file of page.files) {
      for (const field of ["uploader", "uploadedBy", "guestName", "readAt", "teamId"]) {
        expect(file).not.toHaveProperty(field);
      }
    }
    expect(JSON.stringify(page)).not.toContain("Ada");
    expect(JSON.stringify(page)).not.toContain(team.ownerId);
  });

  it("gives thumbnail and preview links that work without any credential", async () => {
    const { link } = await collectionWithEveryKindOfFile();
    const [first] = (await pageOf(link)).files;
    expect(first?.thumbnailUrl).toBeTruthy();
    for (const url of [first?.thumbnailUrl, first?.previewUrl]) {
      const response = await fetch(`${api.url}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it("pages with a cursor, and refuses a cursor it did not give", async () => {
    const { link, visible } = await collectionWithEveryKindOfFile();
    const first = await pageOf(link, "?limit=3");
    expect(first.files).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await pageOf(link, `?limit=3&cursor=${first.nextCursor}`);
    expect(idsOf([...first.files, ...second.files])).toEqual(order(visible));
    expect(second.nextCursor).toBeNull();
    await expectError(
      await api.request(`${galleryPath(link)}?cursor=nonsense`),
      400,
      "invalidInput",
    );
    await expectError(await api.request(`${galleryPath(link)}?limit=1000`), 400, "invalidInput");
  });

  it("answers one file with its neighbours and a download of its original", async () => {
    const { link, visible, hidden } = await collectionWithEveryKindOfFile();
    const response = await api.request(`${galleryPath(link)}/files/${visible.fromGuest.fileId}`);
    expect(response.status).toBe(200);
    const file = (await response.json()) as GalleryFile & {
      downloadUrl: string;
      playUrl: string | null;
      previousId: string | null;
      nextId: string | null;
      position: number;
      total: number;
    };
    expect(file.name).toBe("from-guest.jpg");
    expect(file.previousId).toBe(visible.newest.fileId);
    expect(file.nextId).toBe(visible.processing.fileId);
    expect([file.position, file.total]).toEqual([2, 4]);
    expect(file.playUrl).toBeNull();
    const original = await fetch(`${api.url}${file.downloadUrl}`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await original.arrayBuffer())).toEqual(visible.fromGuest.content);
    for (const gone of Object.values(hidden)) {
      await expectError(
        await api.request(`${galleryPath(link)}/files/${gone.fileId}`),
        404,
        "notFound",
      );
    }
  });

  it("gives a video a link to play it inline, as members' previews do", async () => {
    const { file: video, link } = await galleryOfOne({
      name: "dance.mp4",
      contentType: "video/mp4",
    });
    const response = await api.request(`${galleryPath(link)}/files/${video.fileId}`);
    expect(response.status).toBe(200);
    const { playUrl } = (await response.json()) as { playUrl: string | null };
    expect(playUrl).toBeTruthy();
    const played = await fetch(`${api.url}${playUrl}`, { headers: { Range: "bytes=0-99" } });
    expect(played.status).toBe(206);
    expect(played.headers.get("content-disposition")).toContain("inline");
    expect(Buffer.from(await played.arrayBuffer())).toEqual(video.content?.subarray(0, 100));
  });
});

describe("who may see the gallery", () => {
  async function linkWith(options: Parameters<typeof insertDropLink>[3]) {
    const { team } = await ownedTeam(api);
    const collection = await insertCollection(api, team);
    await insertFile(api, team, collection, { withBlobs: true });
    return { team, collection, link: await insertDropLink(api, team, collection, options) };
  }

  const everyEndpoint = async (link: StoredDropLink, credential?: string) => {
    const [file] = await api.db
      .selectFrom("files")
      .innerJoin("drop_links", "drop_links.collection_id", "files.collection_id")
      .select("files.file_id")
      .where("drop_links.link_id", "=", link.linkId)
      .execute();
    return [
      await api.request(galleryPath(link), asGuest(credential)),
      await api.request(`${galleryPath(link)}/files/${file?.file_id}`, asGuest(credential)),
      await api.request(`${galleryPath(link)}/download`, {
        method: "POST",
        ...asGuest(credential),
      }),
    ];
  };

  it("is not found on a link that shows guests nothing, saying nothing of the collection", async () => {
    const { link } = await linkWith({ guestsSee: "nothing" });
    for (const response of await everyEndpoint(link)) {
      const body = await expectError(response, 404, "notFound");
      expect(JSON.stringify(body)).not.toMatch(/collection/i);
    }
    await expectError(await api.request("/api/drops/not-a-token/collection"), 404, "notFound");
  });

  it("is gone on a revoked link, and stays open, read-only, on a paused or expired one", async () => {
    const revoked = await linkWith({ guestsSee: "collection", status: "revoked" });
    for (const response of await everyEndpoint(revoked.link)) {
      await expectError(response, 410, "dropLinkRevoked");
    }
    const paused = await linkWith({ guestsSee: "collection", status: "paused" });
    const expired = await linkWith({
      guestsSee: "collection",
      deadlineAt: api.clock.now() - 1000,
    });
    for (const { link } of [paused, expired]) {
      const statuses = (await everyEndpoint(link)).map((response) => response.status);
      expect(statuses).toEqual([200, 200, 201]);
    }
  });

  it("asks for the guest's credential on a link with a PIN, and only that link's", async () => {
    const { link } = await linkWith({ guestsSee: "collection", pin: "4321" });
    for (const response of await everyEndpoint(link)) {
      await expectError(response, 401, "authorizationRequired");
    }
    const another = await linkWith({ guestsSee: "collection", pin: "4321" });
    const foreign = await admitTestGuest(api, another.link);
    for (const response of await everyEndpoint(link, foreign)) {
      await expectError(response, 401, "authorizationRequired");
    }
    const credential = await admitTestGuest(api, link, "Bea");
    const statuses = (await everyEndpoint(link, credential)).map((response) => response.status);
    expect(statuses).toEqual([200, 200, 201]);
  });

  it("is not found once the link's creator has left the team", async () => {
    const { link, team } = await linkWith({ guestsSee: "collection" });
    await api.db
      .updateTable("members")
      .set({ status: "left" })
      .where("team_id", "=", team.teamId)
      .where("member_id", "=", team.ownerId)
      .execute();
    await expectError(await api.request(galleryPath(link)), 404, "notFound");
  });
});

describe("the gallery's zip", () => {
  async function download(link: StoredDropLink) {
    const response = await api.request(`${galleryPath(link)}/download`, { method: "POST" });
    expect(response.status).toBe(201);
    return (await response.json()) as {
      name: string;
      fileCount: number;
      size: number;
      url: string;
      parts: { url: string }[];
    };
  }

  async function trafficOf(team: TestTeam) {
    const rows = await api.db
      .selectFrom("traffic_usage")
      .select("bytes")
      .where("owner_id", "=", team.ownerId)
      .where("period", "=", "total")
      .execute();
    return Number(rows[0]?.bytes ?? 0);
  }

  it("holds exactly the ready files the gallery shows, and counts toward the owner's traffic", async () => {
    const { team, collection, link, visible } = await collectionWithEveryKindOfFile();
    const zip = await download(link);
    expect(zip.name).toBe((collection as StoredCollection).name);
    expect(zip.parts).toHaveLength(1);
    expect(zip.url).toMatch(/^\/api\/archives\//);
    const before = await trafficOf(team);
    const response = await fetch(`${api.url}${zip.url}`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(zip.size);
    const file = path.join(folder, `${link.token}.zip`);
    fs.writeFileSync(file, bytes);
    const { entries } = await pythonZipCheck(file);
    // Processing files have no CRC yet: a zip holds ready files only, as members' zips do.
    const ready = [visible.newest, visible.fromGuest, visible.oldest];
    expect(entries.map((entry) => entry.name)).toEqual(ready.map((f) => f.name));
    expect(zip.fileCount).toBe(3);
    await expect.poll(() => trafficOf(team)).toBe(before + bytes.length);
  });

  it("is recorded in the team's activity, without an actor", async () => {
    const { team, collection, link } = await collectionWithEveryKindOfFile();
    await download(link);
    const entry = await api.db
      .selectFrom("activity")
      .selectAll()
      .where("team_id", "=", team.teamId)
      .where("kind", "=", "collectionDownloaded")
      .executeTakeFirstOrThrow();
    expect(entry.actor_id).toBeNull();
    expect(entry.target_id).toBe(collection.collectionId);
    const title = (
      await api.db
        .selectFrom("drop_links")
        .select("title")
        .where("link_id", "=", link.linkId)
        .executeTakeFirstOrThrow()
    ).title;
    expect(JSON.parse(entry.detail ?? "{}")).toEqual({ files: 3, dropLink: title });
  });

  it("stops when the link's creator leaves, as the creator's own zip would", async () => {
    const { team, link } = await collectionWithEveryKindOfFile();
    const zip = await download(link);
    await api.db
      .updateTable("members")
      .set({ status: "left" })
      .where("team_id", "=", team.teamId)
      .where("member_id", "=", team.ownerId)
      .execute();
    await expectError(await fetch(`${api.url}${zip.url}`), 404, "invalidDownload");
  });
});

describe("a guest's zip once the owner changes the link", () => {
  /** An owner signed in, a collection with two files, a link that shows it, and its guest's zip. */
  async function guestZip() {
    const { team, tokens } = await ownedTeam(api);
    const collection = await insertCollection(api, team, { name: "Trip" });
    for (const name of ["one.jpg", "two.jpg"]) {
      await insertFile(api, team, collection, { name, withBlobs: true });
    }
    const link = await insertDropLink(api, team, collection, { guestsSee: "collection" });
    const response = await api.request(`${galleryPath(link)}/download`, { method: "POST" });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    const works = await fetch(`${api.url}${url}`);
    expect(works.status).toBe(200);
    await works.arrayBuffer();
    return { team, tokens, collection, link, zipUrl: `${api.url}${url}` };
  }

  /** The owner's own zip of the same collection, as the files screen asks for it. */
  async function membersZip({ team, tokens, collection }: Awaited<ReturnType<typeof guestZip>>) {
    const asked = await api.request(`/api/teams/${team.teamId}/downloads`, {
      method: "POST",
      headers: bearer(tokens),
      json: { collectionId: collection.collectionId },
    });
    expect(asked.status).toBe(201);
    const { requestId } = (await asked.json()) as { requestId: string };
    const linked = await api.request(`/api/teams/${team.teamId}/downloads/${requestId}/download`, {
      headers: bearer(tokens),
    });
    expect(linked.status).toBe(200);
    return `${api.url}${((await linked.json()) as { url: string }).url}`;
  }

  async function changeLink(zip: Awaited<ReturnType<typeof guestZip>>, json: unknown) {
    const response = await api.request(
      `/api/teams/${zip.team.teamId}/drop-links/${zip.link.linkId}`,
      {
        method: "PATCH",
        headers: bearer(zip.tokens),
        json,
      },
    );
    expect(response.status, await response.clone().text()).toBe(200);
  }

  async function expectWhole(url: string) {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(Number(response.headers.get("content-length")));
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  }

  it("stops at once when the link is revoked, answering as the gallery does; a member's zip goes on", async () => {
    const zip = await guestZip();
    const members = await membersZip(zip);
    await changeLink(zip, { status: "revoked" });
    await expectError(await fetch(zip.zipUrl), 410, "dropLinkRevoked");
    expect((await fetch(zip.zipUrl, { method: "HEAD" })).status).toBe(410);
    await expectError(await api.request(galleryPath(zip.link)), 410, "dropLinkRevoked");
    await expectWhole(members);
  });

  it("stops at once when the link shows guests nothing, and saying nothing of the collection", async () => {
    const zip = await guestZip();
    const members = await membersZip(zip);
    await changeLink(zip, { guestsSee: "nothing" });
    const body = await expectError(await fetch(zip.zipUrl), 404, "notFound");
    expect(JSON.stringify(body)).not.toMatch(/collection|zip|download/i);
    await expectError(await api.request(galleryPath(zip.link)), 404, "notFound");
    await expectWhole(members);
    // Shown again, the gallery is open again, and so are the zip's remaining hours.
    await changeLink(zip, { guestsSee: "collection" });
    await expectWhole(zip.zipUrl);
  });

  it("goes on while the link is paused or past its deadline, as its gallery does", async () => {
    const zip = await guestZip();
    await changeLink(zip, { status: "paused" });
    expect((await api.request(galleryPath(zip.link))).status).toBe(200);
    await expectWhole(zip.zipUrl);
    await api.db
      .updateTable("drop_links")
      .set({ status: "active", deadline_at: api.clock.now() - 1000 })
      .where("link_id", "=", zip.link.linkId)
      .execute();
    expect((await api.request(galleryPath(zip.link))).status).toBe(200);
    await expectWhole(zip.zipUrl);
  });

  it("stops when the link is gone", async () => {
    const zip = await guestZip();
    await api.db.deleteFrom("drop_links").where("link_id", "=", zip.link.linkId).execute();
    await expectError(await fetch(zip.zipUrl), 404, "notFound");
  });

  it("stops an original's download and play links too, while a member's link to it goes on", async () => {
    for (const change of [{ status: "revoked" }, { guestsSee: "nothing" }] as const) {
      const {
        team,
        tokens,
        collection,
        file: video,
        link,
        setLink,
      } = await galleryOfOne({
        name: "dance.mp4",
        contentType: "video/mp4",
      });
      const answer = await api.request(`${galleryPath(link)}/files/${video.fileId}`);
      expect(answer.status).toBe(200);
      const file = (await answer.json()) as { downloadUrl: string; playUrl: string };
      const urls = [file.downloadUrl, file.playUrl].map((url) => `${api.url}${url}`);
      for (const url of urls) expect((await fetch(url)).status).toBe(200);
      const memberLink = await api.request(
        `/api/teams/${team.teamId}/collections/${collection.collectionId}/files/${video.fileId}/content`,
        { headers: bearer(tokens) },
      );
      expect(memberLink.status).toBe(200);
      const memberUrl = `${api.url}${((await memberLink.json()) as { signedUrl: string }).signedUrl}`;

      await setLink(change);
      for (const url of urls) {
        if ("status" in change) await expectError(await fetch(url), 410, "dropLinkRevoked");
        else await expectError(await fetch(url), 404, "notFound");
        // The link's id is signed: left out, the address is no longer valid at all.
        const stripped = new URL(url);
        stripped.searchParams.delete("link");
        await expectError(await fetch(stripped), 403, "forbidden");
      }
      const original = await fetch(memberUrl);
      expect(original.status).toBe(200);
      expect(Buffer.from(await original.arrayBuffer())).toEqual(video.content);
    }
  });
  it("stops a thumbnail's and a preview's links too, while a member's list gives its own that go on", async () => {
    for (const change of [{ status: "revoked" }, { guestsSee: "nothing" }] as const) {
      const {
        team,
        tokens,
        collection,
        file: photo,
        link,
        setLink,
      } = await galleryOfOne({
        name: "cake.jpg",
      });
      const [shown] = (await pageOf(link)).files;
      const single = await api.request(`${galleryPath(link)}/files/${photo.fileId}`);
      expect(single.status).toBe(200);
      const one = (await single.json()) as { previewUrl: string };
      expect(shown?.thumbnailUrl).toBeTruthy();
      expect(shown?.previewUrl).toBeTruthy();
      // Every image link the gallery gave: the grid's and the single file's.
      const urls = [
        shown?.thumbnailUrl,
        shown?.thumbnailLargeUrl,
        shown?.previewUrl,
        one.previewUrl,
      ]
        .filter((url): url is string => typeof url === "string")
        .map((url) => `${api.url}${url}`);
      for (const url of urls) expect((await fetch(url)).status).toBe(200);
      const listed = await api.request(
        `/api/teams/${team.teamId}/collections/${collection.collectionId}/files`,
        { headers: bearer(tokens) },
      );
      const [member] = ((await listed.json()) as { files: { thumbnailUrl: string }[] }).files;
      // The members' links are their own, not the gallery's.
      expect(urls).not.toContain(`${api.url}${member?.thumbnailUrl}`);

      await setLink(change);
      for (const url of urls) {
        if ("status" in change) await expectError(await fetch(url), 410, "dropLinkRevoked");
        else await expectError(await fetch(url), 404, "notFound");
      }
      const membersThumbnail = await fetch(`${api.url}${member?.thumbnailUrl}`);
      expect(membersThumbnail.status).toBe(200);
      expect(membersThumbnail.headers.get("content-type")).toBe("image/webp");
    }
  });
});
