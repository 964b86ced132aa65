// The colour theme a device asked for (docs/decisions/015). No cookie means "follow the system";
// the root layout reads it so the first HTML already carries the choice (no flash, no inline script).
export const THEME_COOKIE = "inkwell_theme";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export type ThemePreference = Theme | "system";

/** The cookie's value when it names a theme; anything else (absent, stale, forged) means the system's. */
export function parseTheme(value: string | undefined): Theme | undefined {
  return THEMES.find((t) => t === value);
}

/** The sheet colour of each theme (--color-paper in app/globals.css), for the browser's own UI. */
export const THEME_COLOR: Record<Theme, string> = { light: "#fbf6ea", dark: "#25201b" };
