/**
 * docs/product.md §2's header quote, chosen once (docs/decisions/027-feed-page.md): the feed exists for the
 * moment someone reads a friend's page and finds themselves in it.
 */
export function FeedQuote() {
  return (
    <figure className="mb-8 border-l-4 border-accent pl-4">
      <blockquote className="font-serif text-lg text-ink italic">
        <p>“What! You too? I thought I was the only one.”</p>
      </blockquote>
      <figcaption className="mt-1 text-sm text-ink-soft">— C. S. Lewis, on how friendship begins</figcaption>
    </figure>
  );
}
