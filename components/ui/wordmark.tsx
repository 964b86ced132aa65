/**
 * "Inkwell" in the heading face, in a box of the face's own width (3.5 em: Lora 600's "Inkwell" is
 * 3.497 em). The face may arrive after the first paint (font-display: swap); in the fallback serif
 * the word is up to a fifth wider (DejaVu Serif Bold: 4.14 em), and whatever follows it in the
 * header moved when the face came: a layout shift a busy machine showed (e2e/page-layout.spec.ts).
 * The box keeps its width whichever face draws the word.
 */
export function Wordmark() {
  return <span className="inline-block w-[3.5em] whitespace-nowrap">Inkwell</span>;
}
