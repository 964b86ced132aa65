import { useState } from "react";
import { expect, test } from "vitest";
import { userEvent } from "vitest/browser";
import { render } from "vitest-browser-react";
import { PhotoCropper } from "@/components/me/photo-cropper";
import { CROPPED_SIDE_MAX, cropPhoto, type CropArea } from "@/client/photo-crop";
import { expectAxeClean } from "./support/axe";

// A new profile photo's square, chosen in the browser (docs/decisions/130): react-easy-crop's square
// moved with the keyboard and zoomed with the slider, then drawn by client/photo-crop.ts with
// Chromium's own decoder and encoder.

/** Left half red, right half blue: which half a crop kept shows in its pixels. */
async function redBlue(width: number, height: number): Promise<File> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d")!;
  context.fillStyle = "#ff0000";
  context.fillRect(0, 0, width / 2, height);
  context.fillStyle = "#0000ff";
  context.fillRect(width / 2, 0, width / 2, height);
  return new File([await canvas.convertToBlob({ type: "image/png" })], "me.png", { type: "image/png" });
}

async function pixels(file: Blob) {
  const bitmap = await createImageBitmap(file);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d")!;
  context.drawImage(bitmap, 0, 0);
  const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
  return { width: bitmap.width, height: bitmap.height, at };
}

const isBlue = ([r, g, b]: number[]) => r! < 40 && g! < 40 && b! > 210;
const isRed = ([r, g, b]: number[]) => r! > 210 && g! < 40 && b! < 40;

test("draws the chosen square as a JPEG, at most 800 px a side", async () => {
  const file = await redBlue(2400, 1200);
  const right = await cropPhoto(file, { x: 1300, y: 100, width: 1000, height: 1000 });
  expect(right!.type).toBe("image/jpeg");
  expect(right!.name).toBe("me-cropped.jpg");
  const drawn = await pixels(right!);
  expect([drawn.width, drawn.height]).toEqual([CROPPED_SIDE_MAX, CROPPED_SIDE_MAX]);
  for (const [x, y] of [
    [5, 5],
    [400, 400],
    [794, 794],
  ] as const)
    expect(isBlue(drawn.at(x, y))).toBe(true);

  // A small square keeps its own size; one past the edge is kept inside the photo.
  const small = await pixels((await cropPhoto(file, { x: 100, y: 0, width: 300, height: 300 }))!);
  expect([small.width, small.height]).toEqual([300, 300]);
  expect(isRed(small.at(150, 150))).toBe(true);
  const edge = await pixels((await cropPhoto(file, { x: 2200.4, y: 1100.6, width: 400, height: 400 }))!);
  expect(edge.width).toBeLessThanOrEqual(200);
  expect(isBlue(edge.at(10, 10))).toBe(true);
});

test("null for bytes this browser cannot open", async () => {
  const broken = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "x.jpg", { type: "image/jpeg" });
  expect(await cropPhoto(broken, { x: 0, y: 0, width: 10, height: 10 })).toBeNull();
});

test("the square moves with the arrow keys and zooms with the slider, and tells the area it shows", async () => {
  const file = await redBlue(400, 200);
  const url = URL.createObjectURL(file);
  const areas: CropArea[] = [];
  function Holder() {
    const [area, setArea] = useState<CropArea | null>(null);
    return (
      <div style={{ width: 320 }}>
        <PhotoCropper
          url={url}
          onArea={(a) => {
            areas.push(a);
            setArea(a);
          }}
        />
        <output>{area ? `${Math.round(area.x)},${Math.round(area.width)}` : ""}</output>
      </div>
    );
  }
  const screen = await render(<Holder />);
  const square = screen.getByRole("group", { name: "What your profile photo shows" });
  await expect.element(square).toBeVisible();
  // At first the centred square: half red, half blue, the photo's full height.
  await expect.element(screen.getByRole("status")).toHaveTextContent("100,200");

  const zoom = screen.getByRole("slider", { name: "Zoom" });
  await userEvent.click(zoom);
  await userEvent.keyboard("{Home}");
  for (let i = 0; i < 20; i++) await userEvent.keyboard("{ArrowRight}");
  await expect.element(zoom).toHaveAttribute("aria-valuetext", "200 %");

  (square.element() as HTMLElement).focus();
  await expect.element(square).toHaveFocus();
  for (let i = 0; i < 40; i++) await userEvent.keyboard("{ArrowLeft}");
  // The photo moved left as far as it goes: the square is its right edge, all blue.
  await expect.element(screen.getByRole("status")).toHaveTextContent("300,100");
  const last = areas.at(-1)!;
  const cropped = await pixels((await cropPhoto(file, last))!);
  expect(isBlue(cropped.at(Math.floor(cropped.width / 2), Math.floor(cropped.height / 2)))).toBe(true);
  expect(isBlue(cropped.at(2, 2))).toBe(true);

  await expectAxeClean(screen.container);
  URL.revokeObjectURL(url);
});
