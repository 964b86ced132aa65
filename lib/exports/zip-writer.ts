import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";

// yazl writes entries one after the other; everything added but not yet written waits in its
// queue. The export adds thousands of files, so it adds each one lazily (its stream is made only
// when yazl reaches it) and waits while more than a few are queued: memory stays bounded by
// QUEUED_MAX small closures, however large the journal (docs/decisions/074).

const QUEUED_MAX = 8;

export interface ZipWriter {
  /** The ZIP's bytes, to be consumed by the storage driver. */
  output: Readable;
  /** Adds a file whose bytes `open` makes when its turn comes; resolves once the queue has room. */
  add(name: string, open: () => Promise<Readable> | Readable, options?: { compress?: boolean }): Promise<void>;
  /** Resolves when the file added last has been written whole. */
  drained(): Promise<void>;
  end(): void;
}

export function createZipWriter({ mtime }: { mtime: Date }): ZipWriter {
  const zip = new ZipFile();
  let queued = 0;
  let wake: (() => void) | undefined;
  let lastWritten: Promise<void> = Promise.resolve();
  let failure: unknown;

  const room = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });

  return {
    output: zip.outputStream as Readable,
    async add(name, open, { compress = true } = {}) {
      if (failure) throw failure;
      queued += 1;
      let written!: () => void;
      lastWritten = new Promise<void>((resolve) => (written = resolve));
      zip.addReadStreamLazy(name, { mtime, compress }, (cb) => {
        queued -= 1;
        wake?.();
        Promise.resolve()
          .then(open)
          .then((stream) => {
            stream.once("end", written);
            // yazl pipes the stream and would not hear of its failure: the ZIP fails with it.
            stream.once("error", fail);
            cb(null, stream);
          })
          .catch(fail);
        function fail(err: unknown) {
          failure ??= err;
          written();
          wake?.();
          zip.outputStream.emit("error", err);
        }
      });
      while (queued > QUEUED_MAX && !failure) await room();
      if (failure) throw failure;
    },
    async drained() {
      await lastWritten;
      if (failure) throw failure;
    },
    end() {
      zip.end();
    },
  };
}
