// A deprecation warning in a test's process fails the run (docs/testing.md, "npm test"): it is
// what the next upgrade breaks, whether our code calls something deprecated or misuses a library
// so that it warns (pg's "Calling client.query() when the client is already executing a query",
// from two queries at once on one connection). Thrown from the listener, the warning becomes an
// error no test caught, which Vitest reports with its stack and scripts/test.ts counts as a failure.
// Once per process: the integration project loads this file for every test file into one module
// cache (vitest.config.ts, isolate: false).
const installed = Symbol.for("inkwell.failOnDeprecation");
const registry = globalThis as typeof globalThis & { [installed]?: true };
if (!registry[installed]) {
  registry[installed] = true;
  // Deep enough that the warning's stack reaches the test's own line, past the libraries' frames.
  Error.stackTraceLimit = Math.max(Error.stackTraceLimit, 40);
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning") throw warning;
  });
}
