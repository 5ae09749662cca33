import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { type BenchApi, mib, spawnApi } from "./support/spawn.ts";

/**
 * An event through drop links (docs/performance.md#drop-links, ADR 097): BENCH_GUESTS (100)
 * guests on BENCH_LINKS (20) links send BENCH_PHOTOS (1,000) photos over tus within
 * BENCH_EVENT_SECONDS (300), a mix of sizes (1, 3 and 8 MP) and a BENCH_HEIC_SHARE (0.2) of them
 * HEIC. The anchor, in the same run, on the same API and at the same time: as many members'
 * phones sending the same photos at the same pace to a collection of their own. Prints:
 * - the guests' throughput over the members': bytes over the time each file took from its start
 *   to its last byte, summed (the goal: at least 0.9x), and the wall time of each;
 * - that every file arrived: the count, and each file's SHA-256 against what was sent;
 * - how long after the last upload every preview was made (the goal: 3 minutes);
 * - the event's files page p95 while guests upload and previews are made, over its idle p95 (the
 *   goal: under 3x).
 *
 *   node --import tsx bench/guest-event.ts
 */
const guests = Number(process.env.BENCH_GUESTS ?? 100);
const links = Number(process.env.BENCH_LINKS ?? 20);
const photos = Number(process.env.BENCH_PHOTOS ?? 1000);
const heicShare = Number(process.env.BENCH_HEIC_SHARE ?? 0.2);
const eventSeconds = Number(process.env.BENCH_EVENT_SECONDS ?? 300);
/** Phones sending at once: each guest (or member) sends their photos one after another. */
const phones = Math.min(guests, photos);

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-event-"));

/** A photo of `megapixels`, different from every other (its seed), as JPEG or HEIC. */
async function makePhoto(megapixels: number, seed: number, heic: boolean) {
  const width = Math.round(Math.sqrt(megapixels * 1e6 * (4 / 3)));
  const height = Math.round((width * 3) / 4);
  const jpeg = path.join(dir, `photo-${seed}.jpg`);
  await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 160 },
      noise: { type: "gaussian", mean: 120, sigma: 25 },
    },
  })
    .jpeg({ quality: 85 })
    .toFile(jpeg);
  if (!heic) return fs.readFile(jpeg);
  const out = path.join(dir, `photo-${seed}.heic`);
  execFileSync("heif-enc", ["-q", "50", jpeg, "-o", out]);
  return fs.readFile(out);
}

/** A few distinct photos of each size; the files sent cycle through them. */
const SIZES = [1, 3, 8];
const samples: { body: Buffer; heic: boolean }[] = [];
for (const [i, megapixels] of SIZES.entries()) {
  for (let copy = 0; copy < 3; copy++) {
    const heic = copy === 0 && heicShare > 0;
    samples.push({ body: await makePhoto(megapixels, i * 10 + copy, heic), heic });
  }
}
/** The photo sent as the `index`th file: sizes and kinds spread evenly over the run. */
function photoFor(index: number) {
  const heicEvery = heicShare > 0 ? Math.round(1 / heicShare) : 0;
  const heic = heicEvery > 0 && index % heicEvery === 0;
  const choices = samples.filter((sample) => sample.heic === heic);
  const sample = choices[index % choices.length] ?? samples[0]!;
  return { ...sample, name: `IMG_${String(index).padStart(4, "0")}.${heic ? "HEIC" : "JPG"}` };
}

const api = await spawnApi();
try {
  console.log(
    `${photos} photos from ${guests} guests on ${links} links, against ${photos} from ` +
      `${phones} members' phones; samples ${samples.map((s) => mib(s.body.length)).join(", ")}; ` +
      `API on ${api.dialect}, ${os.cpus().length} CPUs`,
  );
  await pageTimes(api, 10); // warm-up: the first pages pay for compiling queries
  const idle = await pageTimes(api, 40);
  const idleP95 = percentile(idle, 0.95);

  // The event: guests enter their link (20 links, 5 guests each) to send their photos. The
  // anchor, at the same time and at the same pace: members' phones sending the same photos to a
  // collection of their own. Both meet the same load, the previews' work included.
  const membersCollection = await newCollection(api, "Members");
  const eventCollection = await newCollection(api, "Wedding");
  const tokens: string[] = [];
  for (let i = 0; i < links; i++) tokens.push(await newLink(api, eventCollection, i));
  const credentials: { token: string; credential: string }[] = [];
  for (let i = 0; i < guests; i++) {
    const token = tokens[i % tokens.length]!;
    credentials.push({ token, credential: await enter(api, token, `Guest ${i + 1}`) });
  }
  const pages: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) pages.push(...(await pageTimes(api, 1, eventCollection)));
  })();
  const [members, event] = await Promise.all([
    sendAll(photos, phones, (index) => memberStart(api, membersCollection, index)),
    sendAll(photos, guests, (index, phone) => guestStart(api, credentials[phone]!, index)),
  ]);
  const lastAt = Math.max(members.lastAt, event.lastAt);
  await drained(api, membersCollection);
  const drainSeconds = (await drained(api, eventCollection)) - lastAt;
  sampling = false;
  await sampler;

  for (const [who, result] of [
    ["members", members],
    ["guests", event],
  ] as const) {
    console.log(
      `${who}: ${photos} files, ${mib(result.bytes)} in ${result.seconds.toFixed(1)} s wall; ` +
        `${mib(result.bytes / result.busySeconds)}/s per file in flight`,
    );
  }
  console.log(
    `every preview made ${drainSeconds.toFixed(0)} s after the last upload (goal <= 180 s); ` +
      `the event's files page p95 ${percentile(pages, 0.95).toFixed(0)} ms = ` +
      `${(percentile(pages, 0.95) / idleP95).toFixed(2)}x idle ${idleP95.toFixed(0)} ms ` +
      `(goal < 3x; ${pages.length} pages)`,
  );
  const ratio = members.busySeconds / event.busySeconds;
  console.log(`guests' throughput: ${ratio.toFixed(2)}x members' (goal >= 0.9x)`);
  const accounted = await accountFor(api, eventCollection, event.sent);
  console.log(
    `accounted for: ${accounted.found} of ${photos} files, ${accounted.matching} with the ` +
      `SHA-256 sent, ${accounted.attributed} with the guest's name`,
  );
} finally {
  await api.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

interface Started {
  uploadUrl: string;
}
interface Sent {
  name: string;
  sha256: string;
}

/**
 * Sends `count` photos from `phoneCount` phones, the `index`th file due at an even pace over
 * eventSeconds (sent when its phone is free, if later); `start` makes it for phone `phone`.
 * Answers the bytes, the wall seconds, the seconds files spent in flight (start to last byte,
 * summed), when the last ended (seconds), and what was sent.
 */
async function sendAll(
  count: number,
  phoneCount: number,
  start: (index: number, phone: number) => Promise<Started>,
) {
  const began = performance.now();
  const sent: Sent[] = [];
  let bytes = 0;
  let busy = 0;
  let next = 0;
  const phone = async (number: number) => {
    while (next < count) {
      const index = next++;
      const due = began + (index / count) * eventSeconds * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const photo = photoFor(index);
      const startedAt = performance.now();
      const { uploadUrl } = await start(index, number);
      await tusSend(api, uploadUrl, photo.body);
      busy += performance.now() - startedAt;
      bytes += photo.body.length;
      sent.push({ name: photo.name, sha256: sha256(photo.body) });
    }
  };
  await Promise.all(Array.from({ length: phoneCount }, (_, number) => phone(number)));
  const lastAt = performance.now();
  return {
    bytes,
    seconds: (lastAt - began) / 1000,
    busySeconds: busy / 1000,
    lastAt: lastAt / 1000,
    sent,
  };
}

/** tus 1.0: the whole file from offset 0 in 8 MiB PATCHes, as the web client sends it. */
async function tusSend(target: BenchApi, uploadUrl: string, body: Buffer) {
  const local = new URL(uploadUrl);
  const chunk = 8 * 1024 * 1024;
  for (let offset = 0; offset < body.length; offset += chunk) {
    const part = body.subarray(offset, Math.min(body.length, offset + chunk));
    const response = await fetch(`${target.url}${local.pathname}${local.search}`, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(part),
    });
    if (response.status !== 204) {
      throw new Error(`PATCH: ${response.status} ${await response.text()}`);
    }
  }
}

async function call<T>(
  target: BenchApi,
  pathname: string,
  init: RequestInit & { bearer?: string },
) {
  const response = await fetch(`${target.url}${pathname}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${init.bearer ?? target.accessToken}`,
      "Content-Type": "application/json",
    },
  });
  if (!response.ok) {
    throw new Error(
      `${init.method ?? "GET"} ${pathname}: ${response.status} ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

async function newCollection(target: BenchApi, name: string) {
  const created = await call<{ collectionId: string }>(
    target,
    `/api/teams/${target.teamId}/collections`,
    { method: "POST", body: JSON.stringify({ name }) },
  );
  return created.collectionId;
}

async function newLink(target: BenchApi, collectionId: string, index: number) {
  const created = await call<{ url: string }>(
    target,
    `/api/teams/${target.teamId}/collections/${collectionId}/drop-links`,
    {
      method: "POST",
      body: JSON.stringify({ title: `Table ${index + 1}`, askName: "required", timeZone: "UTC" }),
    },
  );
  return new URL(created.url).pathname.split("/").pop() ?? "";
}

async function enter(target: BenchApi, token: string, name: string) {
  const entered = await call<{ guestToken: string }>(target, `/api/drops/${token}/guests`, {
    method: "POST",
    body: JSON.stringify({ name }),
  });
  return entered.guestToken;
}

function memberStart(target: BenchApi, collectionId: string, index: number) {
  const photo = photoFor(index);
  return call<Started>(target, `/api/teams/${target.teamId}/collections/${collectionId}/files`, {
    method: "POST",
    body: JSON.stringify({ name: photo.name, contentType: "", size: photo.body.length }),
  });
}

function guestStart(target: BenchApi, guest: { token: string; credential: string }, index: number) {
  const photo = photoFor(index);
  return call<Started>(target, `/api/drops/${guest.token}/files`, {
    method: "POST",
    bearer: guest.credential,
    body: JSON.stringify({ name: photo.name, contentType: "", size: photo.body.length }),
  });
}

interface FilePage {
  files: {
    fileId: string;
    name: string;
    previewStatus: string;
    guest?: { name: string | null } | null;
  }[];
  pagination: { lastKey: string | null };
}

async function* filesOf(target: BenchApi, collectionId: string) {
  let lastKey: string | null = null;
  do {
    const query = lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : "";
    const page: FilePage = await call<FilePage>(
      target,
      `/api/teams/${target.teamId}/collections/${collectionId}/files?limit=100${query}`,
      {},
    );
    yield* page.files;
    lastKey = page.pagination.lastKey;
  } while (lastKey);
}

/** Waits until every file of the collection has its previews; answers when, in seconds. */
async function drained(target: BenchApi, collectionId: string) {
  for (;;) {
    let pending = 0;
    for await (const file of filesOf(target, collectionId)) {
      if (file.previewStatus === "pending") pending++;
    }
    if (pending === 0) return performance.now() / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Downloads every file of the collection and matches it, by name, with what was sent. */
async function accountFor(target: BenchApi, collectionId: string, sent: Sent[]) {
  const expected = new Map(sent.map((file) => [file.name, file.sha256]));
  let found = 0;
  let matching = 0;
  let attributed = 0;
  for await (const file of filesOf(target, collectionId)) {
    found++;
    if (file.guest?.name) attributed++;
    const { signedUrl } = await call<{ signedUrl: string }>(
      target,
      `/api/teams/${target.teamId}/collections/${collectionId}/files/${file.fileId}/content`,
      {},
    );
    const signed = new URL(signedUrl, target.url);
    const response = await fetch(`${target.url}${signed.pathname}${signed.search}`);
    const body = Buffer.from(await response.arrayBuffer());
    if (response.ok && expected.get(file.name) === sha256(body)) matching++;
  }
  return { found, matching, attributed };
}

function sha256(body: Buffer) {
  return createHash("sha256").update(body).digest("hex");
}

/** The times of `count` files pages in a row, in milliseconds. */
async function pageTimes(target: BenchApi, count: number, collectionId = target.collectionId) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(
      `${target.url}/api/teams/${target.teamId}/collections/${collectionId}/files?limit=20`,
      { headers: { Authorization: `Bearer ${target.accessToken}` } },
    );
    await response.arrayBuffer();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return times;
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}
