import { type BenchApi, MiB, mib, spawnApi, spawnS3, withPeakRss } from "./support/spawn.ts";

/**
 * A collection's zip against a plain read of the same files, in one run (ADR 025).
 * The real API in a child process, with BENCH_ZIP_FILES files (default 256) of BENCH_ZIP_MIB MiB
 * each (default 8: 2 GiB in all), on disk and then in a local S3 server. For each store, rounds
 * of, interleaved:
 * - plain: every file's original bytes fetched in turn through its signed link, as a client
 *   saving the files one by one would;
 * - zip: the collection's zip, one request.
 * Prints throughput, the ratio zip / plain (goal at least 0.9), and the API process's peak
 * resident memory growth over its idle baseline while the zip streams (goal at most 50 MB).
 *
 *   node --import tsx bench/zip-download.ts          (BENCH_STORES=disk to skip S3)
 */
const files = Number(process.env.BENCH_ZIP_FILES ?? 256);
const fileMiB = Number(process.env.BENCH_ZIP_MIB ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const stores = (process.env.BENCH_STORES ?? "disk,s3").split(",");
const total = files * fileMiB * MiB;

console.log(`${files} files of ${fileMiB} MiB (${mib(total)}), ${rounds} rounds, interleaved`);
for (const store of stores) {
  const s3 = store === "s3" ? await spawnS3() : undefined;
  const api = await spawnApi({
    BENCH_BLOB_FILES: String(files),
    BENCH_BLOB_MIB: String(fileMiB),
    ...(s3 ? { BENCH_S3: s3.settings } : {}),
  });
  try {
    const plain: number[] = [];
    const zip: number[] = [];
    let growth = 0;
    for (let round = 0; round < rounds; round++) {
      plain.push(await timed(() => readEachFile(api)));
      const zipped = await withPeakRss(api, () => timed(() => readZip(api)));
      zip.push(zipped.value);
      growth = Math.max(growth, zipped.growth);
    }
    const rate = (seconds: number[]) => total / MiB / Math.min(...seconds);
    const plainRate = rate(plain);
    const zipRate = rate(zip);
    console.log(
      `${api.storage.padEnd(4)} plain ${plainRate.toFixed(0)} MiB/s, zip ${zipRate.toFixed(0)} MiB/s, ` +
        `ratio ${(zipRate / plainRate).toFixed(2)}; peak RSS growth while zipping ${mib(growth)}`,
    );
  } finally {
    await api.stop();
    await s3?.stop();
  }
}

async function timed(work: () => Promise<number>) {
  const started = performance.now();
  const bytes = await work();
  if (bytes !== total && bytes < total) throw new Error(`read ${bytes} of ${total} bytes`);
  return (performance.now() - started) / 1000;
}

/** Every file's original, one after the other, through the links the API signs. */
async function readEachFile(api: BenchApi) {
  let bytes = 0;
  for (const fileId of api.fileIds) {
    const link = await get(
      api,
      `/api/teams/${api.teamId}/collections/${api.collectionId}/files/${fileId}/content`,
    );
    const { signedUrl } = (await link.json()) as { signedUrl: string };
    bytes += await drain(await fetch(new URL(signedUrl, api.url)));
  }
  return bytes;
}

/** The collection's zip: ask, then stream it. Answers the bytes of content, not of the zip. */
async function readZip(api: BenchApi) {
  const asked = await fetch(`${api.url}/api/teams/${api.teamId}/downloads`, {
    method: "POST",
    headers: { Authorization: `Bearer ${api.accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ collectionId: api.collectionId }),
  });
  const { requestId } = (await asked.json()) as { requestId: string };
  const link = await get(api, `/api/teams/${api.teamId}/downloads/${requestId}/download`);
  const { url } = (await link.json()) as { url: string };
  return drain(await fetch(new URL(url, api.url)));
}

async function get(api: BenchApi, path: string) {
  const response = await fetch(`${api.url}${path}`, {
    headers: { Authorization: `Bearer ${api.accessToken}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function drain(response: Response) {
  if (!response.ok || !response.body) throw new Error(`${response.url}: ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.byteLength;
  }
  return bytes;
}
