import { useTranslations } from "next-intl";

/**
 * docs/product.md §2's header quote, chosen once (docs/decisions/027-feed-page.md): the feed exists for the
 * moment someone reads a friend's page and finds themselves in it.
 */
export function FeedQuote() {
  const t = useTranslations("community.feed");
  return (
    <figure className="mb-8 border-l-4 border-accent pl-4">
      <blockquote className="font-serif text-lg text-ink italic">
        <p>{t("quote")}</p>
      </blockquote>
      <figcaption className="mt-1 text-sm text-ink-soft">{t("quoteBy")}</figcaption>
    </figure>
  );
}
