// WCAG 2 contrast between colours as the browser reports them: computed styles give "rgb(…)" or
// "rgba(…)", custom properties give the "#rrggbb" written in app/globals.css.
type Rgba = [number, number, number, number];

export function parseColor(css: string): Rgba {
  const value = css.trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
  if (!rgb) throw new Error(`not an sRGB colour: ${css}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
}

function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio of two opaque colours (a translucent one would need what lies beneath it). */
export function contrast(a: string, b: string): number {
  const [x, y] = [parseColor(a), parseColor(b)];
  if (x[3] !== 1 || y[3] !== 1) throw new Error(`translucent colour: ${a} / ${b}`);
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The solid rings of a computed box-shadow ("rgb(…) 0px 0px 0px 2px, …"): colour and spread. */
export function solidRings(boxShadow: string): { color: string; spread: number }[] {
  const shadow = /(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px(\s+inset)?/g;
  return [...boxShadow.matchAll(shadow)]
    .filter(
      (m) => m[2] === "0" && m[3] === "0" && m[4] === "0" && Number(m[5]) > 0 && !m[6] && parseColor(m[1]!)[3] === 1,
    )
    .map((m) => ({ color: m[1]!, spread: Number(m[5]) }));
}
