// Text for the diary's page tests (unit and browser).

/** Ordinary prose: sentences of ordinary words in a few paragraphs, cut to exactly `length` characters. */
export function prose(length: number, paragraphs = 4): string {
  const sentence =
    "The rain came late in the afternoon and the garden drank it slowly while I watched from the porch. ";
  const raw = sentence.repeat(Math.ceil(length / sentence.length) + 1).slice(0, length);
  const words = raw.split(" ");
  const per = Math.ceil(words.length / paragraphs);
  const text = Array.from({ length: paragraphs }, (_, i) => words.slice(i * per, (i + 1) * per).join(" ")).join("\n");
  return text.slice(0, length);
}
