import { spawnApi } from "./support/spawn.ts";

/**
 * Lists page 1 and page 500 of a 20,000-file collection (BENCH_FILES to change) through the real
 * API and prints their times and the ratio. With keyset pagination (lastKey) a deep page costs
 * what the first does; OFFSET would make page 500 read 10,000 rows first.
 *
 * Then page 1 of a small collection of the same team (BENCH_SMALL_FILES, 20), whose files are
 * all older than the big one's: a list that walked the team's files in date order, rather than
 * the collection's, would read the whole big collection first (ADR 042).
 *
 *   node --import tsx bench/file-pages.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/file-pages.ts
 */
const files = Number(process.env.BENCH_FILES ?? 20_000);
const pageSize = 20;
const deepPage = Math.min(500, Math.floor(files / pageSize));
const rounds = 30;

const seeding = performance.now();
const smallFiles = Number(process.env.BENCH_SMALL_FILES ?? 20);
const api = await spawnApi({
  BENCH_SEED_FILES: String(files),
  BENCH_SMALL_FILES: String(smallFiles),
});
console.log(
  `API on ${api.dialect}; ${files} files seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

try {
  const collectionFiles = (collectionId = api.collectionId) =>
    `${api.url}/api/teams/${api.teamId}/collections/${collectionId}/files`;
  const get = async (lastKey: string | null, base = collectionFiles()) => {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (lastKey) query.set("lastKey", lastKey);
    const response = await fetch(`${base}?${query}`, {
      headers: { Authorization: `Bearer ${api.accessToken}` },
    });
    if (!response.ok) throw new Error(`GET files: ${await response.text()}`);
    return (await response.json()) as { pagination: { lastKey: string | null }; files: unknown[] };
  };

  // Walk to the page before the deep one to learn its key.
  let key: string | null = null;
  for (let page = 1; page < deepPage; page++) key = (await get(key)).pagination.lastKey;
  const deepKey = key;

  const time = async (lastKey: string | null, base?: string, size = pageSize) => {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const page = await get(lastKey, base);
      samples.push(performance.now() - started);
      if (page.files.length !== size) throw new Error("A page came back short");
    }
    samples.sort((a, b) => a - b);
    return samples[Math.floor(samples.length / 2)] as number;
  };
  await time(null); // warm-up
  const first = await time(null);
  const deep = await time(deepKey);
  console.log(`page 1:   ${first.toFixed(2)} ms (median of ${rounds})`);
  console.log(`page ${deepPage}: ${deep.toFixed(2)} ms (median of ${rounds})`);
  console.log(`ratio page ${deepPage} / page 1: ${(deep / first).toFixed(2)}`);
  if (api.smallCollectionId) {
    const small = collectionFiles(api.smallCollectionId);
    const size = Math.min(pageSize, smallFiles);
    await time(null, small, size); // warm-up
    const smallFirst = await time(null, small, size);
    console.log(
      `page 1 of a ${smallFiles}-file collection beside it: ${smallFirst.toFixed(2)} ms ` +
        `(ratio to the big one's page 1: ${(smallFirst / first).toFixed(2)})`,
    );
  }
} finally {
  await api.stop();
}
