import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "../support/png-bomb";
import { HttpError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "../../lib/errors";
import { processEntryImage, processProfileImage } from "../../lib/images";
import {
  ENTRY_IMAGE_MAX_SIDE,
  IMAGE_MAX_ASPECT_RATIO,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  PROFILE_IMAGE_SIDE,
} from "../../lib/images/limits.mjs";
import {
  IMAGE_ASPECT_RATIO_MESSAGE,
  IMAGE_DAMAGED_MESSAGE,
  IMAGE_SIDE_TOO_LONG_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  IMAGE_UNSUPPORTED_MESSAGE,
} from "../../lib/images/messages";

// Inputs are made with sharp itself, except the HEIC: sharp's prebuilt libvips cannot encode HEVC,
// so tests/fixtures/images/red-blue.heic was made with libheif's heif-enc (see the README there).

const CAMERA_STRINGS = ["InkwellTestCam", "InkwellModel9", "InkwellDatum", "InkwellXmpMarker"];
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>InkwellXmpMarker</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
const heicFixture = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/images/red-blue.heic"));

/** Left half red, right half blue, so a rotation shows in the pixels. */
function redBlue(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } }).composite([
    { input: { create: { width: width / 2, height, channels: 3, background: "#0000ff" } }, left: width / 2, top: 0 },
  ]);
}

/** A phone photo as it arrives: EXIF orientation 6 (shot holding the phone upright), GPS, camera, XMP, a P3 profile. */
function phonePhoto(width: number, height: number): Promise<Buffer> {
  return redBlue(width, height)
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Make: "InkwellTestCam", Model: "InkwellModel9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2400/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 21/1 0/1",
        GPSMapDatum: "InkwellDatum",
      },
    })
    .withXmp(XMP)
    .toBuffer();
}

async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  return [...(await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer())];
}

function expectRed([r, g, b]: number[]) {
  expect(r).toBeGreaterThan(200);
  expect(g).toBeLessThan(60);
  expect(b).toBeLessThan(60);
}

function expectBlue([r, g, b]: number[]) {
  expect(r).toBeLessThan(60);
  expect(g).toBeLessThan(60);
  expect(b).toBeGreaterThan(200);
}

async function expectCleanWebp(data: Buffer) {
  expect(data.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(data.subarray(8, 12).toString("latin1")).toBe("WEBP");
  await expectClean(data, "webp");
}

async function expectClean(data: Buffer, format: "webp" | "jpeg") {
  const meta = await sharp(data).metadata();
  expect(meta.format).toBe(format);
  expect(meta.hasProfile).toBe(false);
  expect([meta.exif, meta.icc, meta.xmp, meta.iptc, meta.orientation]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  for (const s of [...CAMERA_STRINGS, "Exif", "ICC_PROFILE", "XMP "]) expect(data.includes(s)).toBe(false);
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const outcome = await promise.then(
    () => new Error("expected the image to be refused"),
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(HttpError);
  return outcome as HttpError;
}

describe("processEntryImage", () => {
  it("turns a phone photo upright, bounds it to 1600 px and strips EXIF, GPS, camera, XMP and ICC", async () => {
    const input = await phonePhoto(4000, 3000);
    for (const s of CAMERA_STRINGS) expect(input.includes(s)).toBe(true);
    expect(await sharp(input).metadata()).toMatchObject({ width: 4000, height: 3000, orientation: 6 });

    const out = await processEntryImage({ data: input });

    expect(out).toMatchObject({ contentType: "image/webp", width: 1200, height: ENTRY_IMAGE_MAX_SIDE });
    expect(await sharp(out.data).metadata()).toMatchObject({ width: 1200, height: 1600 });
    await expectCleanWebp(out.data);
    // Orientation 6 means "rotate 90° clockwise to view": the red left half ends up on top.
    expectRed(await pixelAt(out.data, 600, 100));
    expectBlue(await pixelAt(out.data, 600, 1500));

    // Its copy at full size, for the export (docs/decisions/129): as upright and as stripped, a JPEG.
    expect(out.full).toMatchObject({ contentType: "image/jpeg", width: 3000, height: 4000 });
    expect(out.full!.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    await expectClean(out.full!.data, "jpeg");
    expectRed(await pixelAt(out.full!.data, 1500, 200));
    expectBlue(await pixelAt(out.full!.data, 1500, 3800));
  });

  it("keeps a transparent photo's full-size copy as a WebP with its transparency", async () => {
    const input = await sharp({ create: { width: 2000, height: 1000, channels: 4, background: "#ff000080" } })
      .png()
      .toBuffer();
    const out = await processEntryImage({ data: input });
    expect(out).toMatchObject({
      width: 1600,
      height: 800,
      full: { contentType: "image/webp", width: 2000, height: 1000 },
    });
    await expectCleanWebp(out.full!.data);
    expect(await sharp(out.full!.data).metadata()).toMatchObject({ hasAlpha: true });
  });

  it("never enlarges a small image, and keeps no second copy of one shown at its full size", async () => {
    const out = await processEntryImage({ data: await redBlue(640, 480).jpeg().toBuffer() });
    expect(out.full).toBeUndefined();
    expect(out).toMatchObject({ width: 640, height: 480 });
    await expectCleanWebp(out.data);
    expectRed(await pixelAt(out.data, 10, 240));
    expectBlue(await pixelAt(out.data, 630, 240));
  });

  it.each([
    ["PNG", () => redBlue(2400, 1200).png().toBuffer(), { width: 1600, height: 800 }],
    ["WebP", () => redBlue(800, 600).webp().toBuffer(), { width: 800, height: 600 }],
    ["GIF", () => redBlue(300, 200).gif().toBuffer(), { width: 300, height: 200 }],
    ["AVIF", () => redBlue(1000, 3200).avif().toBuffer(), { width: 500, height: 1600 }],
  ])("accepts %s", async (_name, make, size) => {
    const out = await processEntryImage({ data: await make() });
    expect(out).toMatchObject({ contentType: "image/webp", ...size });
    await expectCleanWebp(out.data);
    expectRed(await pixelAt(out.data, 2, size.height / 2));
    expectBlue(await pixelAt(out.data, size.width - 3, size.height / 2));
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const out = await processEntryImage({ data: gif });
    expect(out).toMatchObject({ width: 60, height: 40 });
    expect((await sharp(out.data).metadata()).pages).toBeUndefined();
    expectRed(await pixelAt(out.data, 30, 20));
  });

  it("accepts a real HEVC-coded HEIC and strips its EXIF", async () => {
    expect(await sharp(heicFixture).metadata()).toMatchObject({
      format: "heif",
      compression: "hevc",
      width: 320,
      height: 240,
    });
    expect(heicFixture.includes("InkwellTestCam")).toBe(true);

    const out = await processEntryImage({ data: heicFixture });
    expect(out).toMatchObject({ contentType: "image/webp", width: 320, height: 240 });
    await expectCleanWebp(out.data);
    expect(out.data.includes("HeicModel9")).toBe(false);
    expectRed(await pixelAt(out.data, 20, 120));
    expectBlue(await pixelAt(out.data, 300, 120));
  });

  it("judges by content: text named .jpg and an SVG are refused with 415", async () => {
    for (const data of [
      Buffer.from("Dear diary, this is not a photo.\n"),
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      Buffer.alloc(0),
    ]) {
      const err = await refusal(processEntryImage({ data }));
      expect(err).toBeInstanceOf(UnsupportedMediaTypeError);
      expect(err).toMatchObject({ status: 415, message: IMAGE_UNSUPPORTED_MESSAGE });
    }
  });

  it("refuses a file over 5 MB with 413 before looking inside", async () => {
    const data = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    data.set([0xff, 0xd8, 0xff]);
    const err = await refusal(processEntryImage({ data }));
    expect(err).toBeInstanceOf(PayloadTooLargeError);
    expect(err).toMatchObject({ status: 413, message: IMAGE_TOO_LARGE_MESSAGE });

    // Exactly 5 MB is allowed through the size check (this one is then refused as unreadable).
    const atLimit = await refusal(processEntryImage({ data: data.subarray(0, IMAGE_MAX_BYTES) }));
    expect(atLimit).toMatchObject({ status: 400, message: IMAGE_DAMAGED_MESSAGE });
  });

  it("refuses a 20 000 × 20 000 PNG bomb without decoding it, and keeps working", async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;

    for (const processImage of [processEntryImage, processProfileImage]) {
      const err = await refusal(processImage({ data: bomb }));
      expect(err).toBeInstanceOf(PayloadTooLargeError);
      expect(err).toMatchObject({ status: 413, message: IMAGE_TOO_MANY_PIXELS_MESSAGE });
    }

    // Decoding it would take at least 400 MB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    const out = await processEntryImage({ data: await redBlue(200, 100).png().toBuffer() });
    expect(out).toMatchObject({ width: 200, height: 100 });
  });

  it("refuses a truncated JPEG with 400 instead of crashing or storing half a picture", async () => {
    const noise = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const err = await refusal(processEntryImage({ data: noise.subarray(0, Math.floor(noise.length / 2)) }));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ status: 400, message: IMAGE_DAMAGED_MESSAGE });

    const garbage = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64, 7)]);
    expect(await refusal(processEntryImage({ data: garbage }))).toMatchObject({
      status: 400,
      message: IMAGE_DAMAGED_MESSAGE,
    });

    expect(await processEntryImage({ data: noise })).toMatchObject({ width: 800, height: 600 });
  });
});

/** The HEIC fixture with its size property (`ispe`) rewritten: sharp reads the new size from the header. */
function heicClaiming(width: number, height: number): Buffer {
  const data = Buffer.from(heicFixture);
  const at = data.indexOf("ispe");
  expect(data.indexOf("ispe", at + 1)).toBe(-1);
  // Box type, then version and flags (4 bytes), then width and height.
  data.writeUInt32BE(width, at + 8);
  data.writeUInt32BE(height, at + 12);
  return data;
}

describe("refused from the header, before decoding", () => {
  it("a 10 000 000 × 5 PNG (48 KB, just 50 MP) is a 413: its longer side is over 12 000 px", async () => {
    const strip = await pngBomb(10_000_000, 5);
    expect(strip.length).toBeLessThan(64 * 1024);
    expect(await sharp(strip, { limitInputPixels: false }).metadata()).toMatchObject({
      format: "png",
      width: 10_000_000,
      height: 5,
    });
    const rssBefore = process.memoryUsage().rss;

    for (const processImage of [processEntryImage, processProfileImage]) {
      const err = await refusal(processImage({ data: strip }));
      expect(err).toBeInstanceOf(PayloadTooLargeError);
      expect(err).toMatchObject({ status: 413, message: IMAGE_SIDE_TOO_LONG_MESSAGE });
    }
    // Decoding it took 1.5 GB.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it.each([
    [IMAGE_MAX_SIDE + 1, 1000],
    [1000, IMAGE_MAX_SIDE + 1],
  ])("a side over 12 000 px is a 413 even with few pixels (%i × %i)", async (width, height) => {
    const err = await refusal(processEntryImage({ data: await pngBomb(width, height) }));
    expect(err).toMatchObject({ status: 413, message: IMAGE_SIDE_TOO_LONG_MESSAGE });
  });

  it.each([
    [5001, 100],
    [100, 5001],
  ])("an absurd aspect ratio is a 400 (%i × %i)", async (width, height) => {
    const err = await refusal(processEntryImage({ data: await pngBomb(width, height) }));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ status: 400, message: IMAGE_ASPECT_RATIO_MESSAGE });
  });

  it("12 000 px on the longer side at exactly the largest aspect ratio is accepted", async () => {
    const height = IMAGE_MAX_SIDE / IMAGE_MAX_ASPECT_RATIO;
    const out = await processEntryImage({ data: await pngBomb(IMAGE_MAX_SIDE, height) });
    expect(out).toMatchObject({
      contentType: "image/webp",
      width: ENTRY_IMAGE_MAX_SIDE,
      height: (ENTRY_IMAGE_MAX_SIDE * height) / IMAGE_MAX_SIDE,
    });
  });

  it.each([
    ["too many pixels", 10_000, 9_000, 413, IMAGE_TOO_MANY_PIXELS_MESSAGE],
    ["a side too long", 13_000, 1_000, 413, IMAGE_SIDE_TOO_LONG_MESSAGE],
    ["an absurd aspect ratio", 6_000, 100, 400, IMAGE_ASPECT_RATIO_MESSAGE],
  ])(
    "an HEVC-coded HEIC whose header claims %s is refused the same way",
    async (_label, width, height, status, message) => {
      const data = heicClaiming(width, height);
      expect(await sharp(data, { limitInputPixels: false }).metadata()).toMatchObject({
        format: "heif",
        compression: "hevc",
        width,
        height,
      });
      for (const processImage of [processEntryImage, processProfileImage]) {
        expect(await refusal(processImage({ data }))).toMatchObject({ status, message });
      }
    },
  );
});

describe("processProfileImage", () => {
  it("crops an upright 400 × 400 square from a phone photo and strips its metadata", async () => {
    const out = await processProfileImage({ data: await phonePhoto(4000, 3000) });
    expect(out).toMatchObject({ contentType: "image/webp", width: PROFILE_IMAGE_SIDE, height: PROFILE_IMAGE_SIDE });
    await expectCleanWebp(out.data);
    // Upright the photo is 3000 wide × 4000 tall, red above blue; the centre crop keeps both.
    expectRed(await pixelAt(out.data, 200, 20));
    expectBlue(await pixelAt(out.data, 200, 380));
  });

  it("makes a smaller square from a small image instead of enlarging it", async () => {
    const out = await processProfileImage({ data: await redBlue(300, 200).png().toBuffer() });
    expect(out).toMatchObject({ width: 200, height: 200 });
    await expectCleanWebp(out.data);
  });

  it("accepts a HEIC", async () => {
    const out = await processProfileImage({ data: heicFixture });
    expect(out).toMatchObject({ width: 240, height: 240 });
    await expectCleanWebp(out.data);
    expectRed(await pixelAt(out.data, 10, 120));
    expectBlue(await pixelAt(out.data, 230, 120));
  });

  it("refuses what the entry photo refuses", async () => {
    expect(await refusal(processProfileImage({ data: Buffer.from("not an image") }))).toMatchObject({ status: 415 });
    expect(await refusal(processProfileImage({ data: Buffer.alloc(IMAGE_MAX_BYTES + 1, 0xff) }))).toMatchObject({
      status: 413,
    });
  });
});
