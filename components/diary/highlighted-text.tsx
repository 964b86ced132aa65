type Props = { text: string; ranges: readonly (readonly [number, number])[] };

/**
 * A search hit's snippet with its matched words in <mark>: cut from the text by the API's
 * `ranges` (UTF-16 offsets, docs/api.md), rendered as text, never as HTML.
 */
export function HighlightedText({ text, ranges }: Props) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length || start >= end) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-accent/15 px-0.5 font-semibold text-ink">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
