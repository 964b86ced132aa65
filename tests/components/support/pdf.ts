// Reading back a PDF that react-pdf and pdfkit made in Chromium: its objects are plain text, its
// streams deflated, and a page's content stream one operator a line. Each run of text is a TJ array
// of hex strings, placed by the transformations before it (q, Q, cm, Tm); what its codes mean is the
// font's to say (support for each kind of font is the test's own).

/** A PDF transformation matrix [a b c d e f]. */
type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** m × n: m applied first, then n (PDF's `cm` is new × current). */
const times = ([a, b, c, d, e, f]: Matrix, [A, B, C, D, E, F]: Matrix): Matrix => [
  a * A + b * C,
  a * B + b * D,
  c * A + d * C,
  c * B + d * D,
  e * A + f * C + E,
  e * B + f * D + F,
];

/** Bytes as a string of as many characters (a PDF's own text is Latin-1). */
export const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");

/** A FlateDecode stream, inflated, as Latin-1. */
export async function inflate(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate"));
  return latin1(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** A run of text a content stream draws. */
export interface TextRun {
  /** The font's name in the page's resources (F1), "" before any. */
  font: string;
  size: number;
  /** The run's codes, its hex strings joined. */
  hex: string;
  /** Its height on the page. */
  y: number;
}

/** The runs of text a content stream draws, in its order. */
export function textRunsOf(content: string): TextRun[] {
  const runs: TextRun[] = [];
  let ctm = IDENTITY;
  const saved: Matrix[] = [];
  let tm = IDENTITY;
  let font = "";
  let size = 0;
  for (const op of content.split("\n")) {
    const numbers = op.split(" ").slice(0, -1).map(Number) as Matrix;
    if (op === "q") saved.push(ctm);
    else if (op === "Q") ctm = saved.pop()!;
    else if (op.endsWith(" cm")) ctm = times(numbers, ctm);
    else if (op.endsWith(" Tm")) tm = numbers;
    else if (op.endsWith(" Tf")) {
      const [, name, points] = /^\/(F\d+) ([\d.]+) Tf$/.exec(op)!;
      font = name!;
      size = Number(points);
    } else if (op.endsWith(" TJ")) {
      const hex = [...op.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join("");
      runs.push({ font, size, hex, y: times(tm, ctm)[5] });
    }
  }
  return runs;
}
