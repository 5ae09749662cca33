import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import * as tus from "tus-js-client";
import { type BenchApi, MiB, mib, spawnApi, withPeakRss } from "./support/spawn.ts";

/**
 * Uploads one large file (1 GiB by default; BENCH_UPLOAD_MIB to change) to the real API in a
 * child process, once with the simple PUT and once with tus-js-client in 16 MiB chunks, and
 * waits until the file is processed (CRC-32 over every byte). Prints the API process's peak
 * resident memory growth over its idle baseline: it should stay flat, whatever the file's size,
 * because nothing holds a whole file in memory.
 *
 *   node --import tsx bench/upload-memory.ts
 */
const sizeMiB = Number(process.env.BENCH_UPLOAD_MIB ?? 1024);
const size = sizeMiB * MiB;

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "raccolta-bench-"));
const file = path.join(dir, "big.txt");
await writeTextFile(file, size);

const api = await spawnApi();
try {
  console.log(`API on ${api.dialect}; file ${mib(size)}`);
  const results: { variant: string; seconds: number; growth: number }[] = [];
  for (const variant of ["PUT", "tus"] as const) {
    const result = await measure(api, variant === "PUT" ? uploadWithPut : uploadWithTus);
    results.push({ variant, ...result });
    console.log(
      `${variant.padEnd(4)} ${result.seconds.toFixed(1)} s, ` +
        `${(size / MiB / result.seconds).toFixed(0)} MiB/s, ` +
        `peak RSS growth ${mib(result.growth)} ` +
        `(${((result.growth / size) * 100).toFixed(2)}% of the file)`,
    );
  }
} finally {
  await api.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

async function measure(api: BenchApi, upload: (api: BenchApi, file: string) => Promise<string>) {
  global.gc?.();
  const started = performance.now();
  const { growth } = await withPeakRss(api, async () => {
    const fileId = await upload(api, file);
    await waitUntilReady(api, fileId);
  });
  return { seconds: (performance.now() - started) / 1000, growth };
}

async function createFile(api: BenchApi) {
  const response = await fetch(
    `${api.url}/api/teams/${api.teamId}/collections/${api.collectionId}/files`,
    {
      method: "POST",
      headers: {
        Authorization: `Bearer ${api.accessToken}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ name: "big.txt", contentType: "text/plain", size }),
    },
  );
  if (response.status !== 201) throw new Error(`POST files: ${await response.text()}`);
  const { fileId, uploadUrl } = (await response.json()) as { fileId: string; uploadUrl: string };
  // The link is on the public address; the benchmark talks to the process directly.
  const local = new URL(uploadUrl);
  return { fileId, uploadUrl: `${api.url}${local.pathname}${local.search}` };
}

async function uploadWithPut(api: BenchApi, file: string) {
  const { fileId, uploadUrl } = await createFile(api);
  const response = await fetch(uploadUrl, {
    method: "PUT",
    headers: { "Content-Type": "text/plain", "Content-Length": String(size) },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  if (!response.ok) throw new Error(`PUT: ${response.status} ${await response.text()}`);
  return fileId;
}

async function uploadWithTus(api: BenchApi, file: string) {
  const { fileId, uploadUrl } = await createFile(api);
  await new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      uploadUrl,
      uploadSize: size,
      chunkSize: 16 * MiB,
      retryDelays: [0, 500, 1000],
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
  return fileId;
}

async function waitUntilReady(api: BenchApi, fileId: string) {
  for (;;) {
    const response = await fetch(
      `${api.url}/api/teams/${api.teamId}/collections/${api.collectionId}/files/${fileId}`,
      { headers: { Authorization: `Bearer ${api.accessToken}` } },
    );
    const body = (await response.json()) as { status?: string };
    if (body.status === "ready") return;
    if (response.status >= 400 || body.status === "failed") {
      throw new Error(`The file did not become ready: ${JSON.stringify(body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function writeTextFile(target: string, bytes: number) {
  const line = "Raccolta benchmark: a line of plain text, streamed and never held whole.\n";
  const chunk = Buffer.from(line.repeat(Math.ceil(MiB / line.length))).subarray(0, MiB);
  const out = createWriteStream(target);
  for (let written = 0; written < bytes; written += MiB) {
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await finished(out);
}
