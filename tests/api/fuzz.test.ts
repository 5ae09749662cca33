import fc from "fast-check";
import { expect, it } from "vitest";
import { apiRequests, formatCounts, type OpenApiDocument, runFuzz } from "#tests/support/fuzz.ts";
import { apiForThisFile } from "./support/file-api.ts";
import { seedForFuzz } from "./support/fuzz-seed.ts";

/*
 * A short, seeded fuzz run over every operation of the API's own OpenAPI document (ADR 018,
 * ADR 021): generated requests with and without valid tokens, nonsense in every place. No answer
 * may be a 5xx or show internals, every error is the API's error body, and the API still answers
 * after. bench/fuzz.ts runs the same generators ten thousand times and more.
 */

const SEED = 20261124;
const RUNS = 1500;

const api = apiForThisFile();

it(`answers ${RUNS} generated requests with no 5xx, no internals, and its error body`, async () => {
  const { ids, tokens } = await seedForFuzz(api);
  const doc = (await (await api.request("/api/openapi.json")).json()) as OpenApiDocument;
  const requests = fc.sample(apiRequests(doc, ids, tokens), { seed: SEED, numRuns: RUNS });
  const run = await runFuzz(api.url, requests);
  console.info(`API fuzz, seed ${SEED}: ${formatCounts(run.counts)}`);
  expect(run.problems).toEqual([]);
  // A spread of answers, not one refusal repeated: the generators reach past the first check.
  expect([...run.counts.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
  expect((await api.request("/api/status")).status).toBe(200);
  expect(api.logs.filter((line) => /unhandled|uncaught/i.test(line.msg))).toEqual([]);
}, 240_000);
