import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^#app\/(.*)$/, replacement: `${import.meta.dirname}/app/$1` },
      { find: /^#domain\/(.*)$/, replacement: `${import.meta.dirname}/domain/$1` },
    ],
  },
  build: { target: "es2022", cssMinify: true },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
