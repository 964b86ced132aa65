// Preloaded into an app process of a test's own (NODE_OPTIONS=--import, tests/support/argon2-count.ts):
// counts the password hashes the server computes, one line per argon2 call appended to the file
// named by INKWELL_ARGON2_PROBE. It wraps the third-party @node-rs/argon2 (loaded from
// node_modules at run time: next.config.ts serverExternalPackages) and changes nothing it does.
// A test that uses it first checks that a real hash is counted, so a probe that misses the module fails.
// It also keeps, in the file named with `.peak` added, the most calls it has seen running at once.
import fs from "node:fs";
import Module from "node:module";

const file = process.env.INKWELL_ARGON2_PROBE;
if (file) {
  const load = Module._load;
  let wrapped;
  Module._load = function (request, ...rest) {
    const real = load.call(this, request, ...rest);
    // Next's build requires it under a hashed alias (`@node-rs/argon2-<16 hex>`, a link in
    // .next/node_modules); the platform's binding package (`@node-rs/argon2-linux-x64-gnu`) is not it.
    if (!/^@node-rs\/argon2(-[0-9a-f]{16})?$/.test(request)) return real;
    let running = 0;
    let peak = 0;
    const counted =
      (name) =>
      (...args) => {
        fs.appendFileSync(file, `${name}\n`);
        running++;
        if (running > peak) fs.writeFileSync(`${file}.peak`, String((peak = running)));
        return Promise.resolve(real[name](...args)).finally(() => running--);
      };
    wrapped ??= { ...real, hash: counted("hash"), verify: counted("verify") };
    return wrapped;
  };
}
