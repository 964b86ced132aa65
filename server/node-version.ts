// Inkwell runs on Node.js 22 (from 22.12, where require() of ES modules needs no flag) and 24, as
// package.json's engines says (docs/decisions/032). `npm start` and `npm test` import this first,
// so an older Node stops with one clear line instead of a stack trace from deep in a dependency.

export const SUPPORTED_NODE = "^22.12.0 || >=24.0.0";

export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  return (major === 22 && minor >= 12) || major >= 24;
}

if (!isSupportedNode(process.version)) {
  console.error(
    `Inkwell needs Node.js 22 (22.12 or newer) or 24; this is Node.js ${process.version}.\n` +
      "Install Node.js 24 LTS (https://nodejs.org, or `nvm install 24`) and run the command again.",
  );
  process.exit(1);
}
