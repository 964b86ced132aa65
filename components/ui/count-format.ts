/** A count badge's words (docs/product.md §2: caps at '99+'). */
export function formatCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}
