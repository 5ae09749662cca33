import { spawnApi } from "./support/spawn.ts";

/**
 * Lists page 1 and page 500 of a 20,000-file collection (BENCH_FILES to change) through the real
 * API and prints their times and the ratio. With keyset pagination (lastKey) a deep page costs
 * what the first does; OFFSET would make page 500 read 10,000 rows first.
 *
 *   node --import tsx bench/file-pages.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/file-pages.ts
 */
const files = Number(process.env.BENCH_FILES ?? 20_000);
const pageSize = 20;
const deepPage = Math.min(500, Math.floor(files / pageSize));
const rounds = 30;

const seeding = performance.now();
const api = await spawnApi({ BENCH_SEED_FILES: String(files) });
console.log(
  `API on ${api.dialect}; ${files} files seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
);

try {
  const base = `${api.url}/api/teams/${api.teamId}/collections/${api.collectionId}/files`;
  const get = async (lastKey: string | null) => {
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

  const time = async (lastKey: string | null) => {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      const page = await get(lastKey);
      samples.push(performance.now() - started);
      if (page.files.length !== pageSize) throw new Error("A page came back short");
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
} finally {
  await api.stop();
}
