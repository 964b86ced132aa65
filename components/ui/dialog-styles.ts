// Shared by the modal and the alert dialog so both sit on the page the same way.
export const OVERLAY_CLASS = "fixed inset-0 z-50 bg-shade/45";

export const SHEET_CLASS =
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-ink-soft/30 bg-paper text-ink shadow-xl";

/** A sheet rising from the bottom edge, for phones: full width, thumb-reachable, never taller than most of the screen. */
export const BOTTOM_SHEET_CLASS =
  "fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-xl border-t border-ink-soft/30 bg-paper pb-[env(safe-area-inset-bottom)] text-ink shadow-sheet animate-sheet-up";
