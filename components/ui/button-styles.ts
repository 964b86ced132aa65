// Shared by <button> and <Link> so a link that acts as a button looks the same. The focus ring is
// global (app/globals.css) and appears at once: the transition leaves the outline colour out.
// Disabled buttons fade; busy ones (aria-busy, components/ui/busy-button) keep their colours and
// say what they are doing instead.
const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold transition-[color,background-color,border-color] disabled:cursor-not-allowed disabled:opacity-70 aria-busy:cursor-progress";

const VARIANTS = {
  primary: "bg-accent text-on-accent shadow-sm hover:bg-accent-dark",
  secondary: "border border-ink-soft/40 bg-paper text-ink hover:bg-paper-deep",
  ghost: "text-accent underline-offset-4 hover:underline",
  // Destructive actions: quiet until pointed at, so the safe choice beside it stays the obvious one.
  danger: "border border-danger/60 bg-paper text-danger hover:bg-danger hover:text-on-accent",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`.trim();
}
