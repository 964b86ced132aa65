/** The Theme button's look, shared by the menu and its stand-in (./theme-menu-on-demand.tsx). */
export const THEME_TRIGGER_CLASS =
  "grid size-11 shrink-0 place-items-center rounded-md text-ink-soft hover:bg-paper-deep hover:text-ink data-[state=open]:bg-paper-deep data-[state=open]:text-ink";
