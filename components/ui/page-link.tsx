import type { AnchorHTMLAttributes } from "react";

/**
 * A link that loads the next page whole, as a plain `<a>` does (docs/decisions/089): for the
 * sign-in screens, small pages, where next/link would cost every page that uses it a copy
 * of the client router's link code (Turbopack puts one in each segment's chunk) for a client-side
 * move that saves little.
 */
export function PageLink({ href, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} {...props} />;
}
