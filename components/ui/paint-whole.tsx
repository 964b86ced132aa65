/**
 * Put at the end of a part of the page that must never be painted half parsed (a header, a first
 * screen): the browser does not paint the page before the parser has reached this point
 * (`<link rel="expect" blocking="render">` aimed at an empty marker here; Chromium 124 and later,
 * others ignore it). On a busy phone the HTML parser can stop for a frame anywhere, and the browser
 * then painted the logo without its name, the navigation with half its items, a picture's frame
 * without its image, which moved what was around them when the rest came in (layout shifts, seen
 * at 4x to 16x CPU throttling and in CI under load). Chromium unblocks once the aimed-at element
 * is in the document, not once its content is, hence a marker after the content rather than the
 * part's own id. React puts the link in the document's head.
 */
export function PaintWhole({ id }: { id: string }) {
  return (
    <>
      <link rel="expect" href={`#${id}`} blocking="render" />
      <span id={id} hidden />
    </>
  );
}
