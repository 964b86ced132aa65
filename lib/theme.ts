// The colour theme a device asked for (docs/decisions/015). No cookie means "follow the system".
// Pages are static shells (docs/decisions/084): THEME_SCRIPT, inline in <head>, turns the cookie
// into <html data-theme> before the first paint, so a chosen theme never flashes the other one.
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

/**
 * Run by the browser while it parses <head>, before anything is painted: the cookie's theme as
 * <html data-theme>, and the browser's own UI colour to match. A fixed text, so every page's
 * Content-Security-Policy allows it by its hash (lib/security/headers.ts), nonce or not.
 */
/** The id of the <meta name="theme-color"> for a chosen theme (THEME_SCRIPT adds it, the Theme menu keeps it). */
export const THEME_COLOR_META_ID = "inkwell-theme-color";

export const THEME_SCRIPT = `(function(){try{var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(light|dark)(?:;|$)/);if(!m)return;var r=document.documentElement;r.dataset.theme=m[1];var c=${JSON.stringify(THEME_COLOR)}[m[1]];var t=document.createElement("meta");t.name="theme-color";t.id="${THEME_COLOR_META_ID}";t.content=c;document.head.insertBefore(t,document.head.firstChild)}catch(e){}})()`;
