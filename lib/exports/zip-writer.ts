import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";

// yazl writes entries one after the other; everything added but not yet written waits in its
// queue. The export adds thousands of files, so it adds each one lazily (its stream is made only
// when yazl reaches it) and waits while more than a few are queued: memory stays bounded by
// QUEUED_MAX small closures, however large the journal (docs/decisions/074).

const QUEUED_MAX = 8;

export interface ZipWriter {
  /** The ZIP's bytes, to be consumed by the storage driver; destroyed with the error when a file fails. */
  output: Readable;
  /** Adds a file whose bytes `open` makes when its turn comes; resolves once the queue has room. */
  add(name: string, open: () => Promise<Readable> | Readable, options?: { compress?: boolean }): Promise<void>;
  /** Resolves when the file added last has been read whole; rejects once anything failed. */
  drained(): Promise<void>;
  end(): void;
}

export function createZipWriter({ mtime }: { mtime: Date }): ZipWriter {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let queued = 0;
  let wake: (() => void) | undefined;
  let lastWritten: Promise<void> = Promise.resolve();
  let failure: Error | undefined;
  let failed!: (err: Error) => void;
  const failedPromise = new Promise<never>((_, reject) => (failed = reject));
  // Nothing may be left unhandled: drained() is not always waited on.
  failedPromise.catch(() => undefined);

  function fail(err: unknown) {
    if (failure) return;
    failure = err instanceof Error ? err : new Error(String(err));
    failed(failure);
    wake?.();
    output.destroy(failure);
  }
  // yazl reports its own faults on the ZipFile; the consumer's (a failed upload destroying the
  // stream) come through the output.
  zip.on("error", fail);
  output.on("error", fail);
  output.on("close", () => {
    if (!output.readableEnded) fail(new Error("The export's output closed before the end"));
  });

  return {
    output,
    async add(name, open, { compress = true } = {}) {
      if (failure) throw failure;
      queued += 1;
      let written!: () => void;
      lastWritten = new Promise<void>((resolve) => (written = resolve));
      // yazl keeps every entry (and so this callback) until the ZIP's end, for its central
      // directory; what the file was made from is let go once it is made.
      let make: typeof open | undefined = open;
      zip.addReadStreamLazy(name, { mtime, compress }, (cb) => {
        queued -= 1;
        wake?.();
        const opening = make!;
        make = undefined;
        Promise.resolve()
          .then(opening)
          .then((stream) => {
            stream.once("end", written);
            // yazl pipes the stream and would not hear of its failure: the ZIP fails with it.
            stream.once("error", fail);
            cb(null, stream);
          })
          .catch(fail);
      });
      while (queued > QUEUED_MAX && !failure) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      if (failure) throw failure;
    },
    async drained() {
      await Promise.race([lastWritten, failedPromise]);
    },
    end() {
      zip.end();
    },
  };
}
