import { defineConfig } from "vitest/config";

// Unit tests are pure (domain rules, helpers); API tests start the real API on a fresh
// database and talk HTTP to it. Both run from one config, as two projects.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: `${import.meta.dirname}/app/$1` },
      { find: /^#api\/(.*)$/, replacement: `${import.meta.dirname}/api/$1` },
      { find: /^#domain\/(.*)$/, replacement: `${import.meta.dirname}/domain/$1` },
      { find: /^#tests\/(.*)$/, replacement: `${import.meta.dirname}/tests/$1` },
    ],
  },
  test: {
    // Test files share a worker's loaded modules instead of loading them again each: an API
    // test file starts its own API on its own database, and unit tests are pure, so they share
    // nothing that matters. It halves the API suite (about 150 s to 75 s on two cores).
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
