import { randomUUID } from "node:crypto";
import { createSerwistRoute } from "@serwist/turbopack";
import { precacheIntegrity } from "@/lib/security/precache-integrity";

// The service worker (app/sw.ts, docs/decisions/080), bundled by Serwist with esbuild when the app is
// built, with the precache manifest of the build's static assets (.next/static) and the offline page
// injected. Served at /serwist/sw.js with `Service-Worker-Allowed: /`, so it controls the whole site;
// next.config.ts gives it `Cache-Control: no-cache` and a worker's CSP.
// The offline page is rendered per request like every page; a fresh revision per build replaces it
// with the build's own. Every precached script and style sheet carries its SHA-384
// (lib/security/precache-integrity.ts, docs/decisions/122).
const revision = randomUUID();

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: "app/sw.ts",
  useNativeEsbuild: true,
  additionalPrecacheEntries: [{ url: "/offline", revision }],
  manifestTransforms: [precacheIntegrity()],
  esbuildOptions: { sourcemap: false },
});
