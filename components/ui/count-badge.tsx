import { formatCount } from "./count-format";

/** Red count bubble (docs/product.md §2: caps at '99+', ./count-format.ts); nothing at zero. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="absolute -top-1.5 -right-2 min-w-5 rounded-full bg-badge px-1.5 text-center text-[11px] leading-5 font-semibold text-on-accent">
      <span aria-hidden>{formatCount(count)}</span>
      <span className="sr-only">
        {formatCount(count)} {label}
      </span>
    </span>
  );
}
