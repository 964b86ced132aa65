import { fromBuffer, type Entry, type ZipFile } from "yauzl";

/** Every file of a ZIP by its name, read with yauzl (which checks each file's CRC as it reads). */
export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(data, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip: ZipFile) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: Entry) => {
        if (files.has(entry.fileName)) return reject(new Error(`${entry.fileName} is in the ZIP twice`));
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("error", reject);
          stream.on("end", () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
