import { useSyncExternalStore } from "react";
import { THEME_COLOR, THEME_COLOR_META_ID, THEME_COOKIE, parseTheme, type ThemePreference } from "@/lib/theme";

const ONE_YEAR = 60 * 60 * 24 * 365;

// <html data-theme> is the one source of truth: THEME_SCRIPT (lib/theme.ts) sets it from the cookie, the Theme menu
// changes it, and whatever shows the current theme follows it.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

function current(): ThemePreference {
  return parseTheme(document.documentElement.dataset.theme) ?? "system";
}

/** The theme this device asked for; "system" while rendering on the server, corrected on hydration. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, current, () => "system");
}

/** Applies at once and remembers the choice on this device for a year; "system" forgets it. */
export function setThemePreference(preference: ThemePreference) {
  const root = document.documentElement;
  const attributes = `Path=/; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  document.getElementById(THEME_COLOR_META_ID)?.remove();
  if (preference === "system") {
    delete root.dataset.theme;
    document.cookie = `${THEME_COOKIE}=; Max-Age=0; ${attributes}`;
  } else {
    root.dataset.theme = preference;
    // The browser's own UI follows the choice; with none, the layout's media pair follows the system.
    const meta = document.createElement("meta");
    meta.name = "theme-color";
    meta.id = THEME_COLOR_META_ID;
    meta.content = THEME_COLOR[preference];
    // First, so that it wins over the media pair (a browser takes the first theme-color that applies).
    document.head.prepend(meta);
    document.cookie = `${THEME_COOKIE}=${preference}; Max-Age=${ONE_YEAR}; ${attributes}`;
  }
}
