import type { Locale } from "./locales";
import type en from "@/messages/en/screens.json";

// The screens' words (docs/decisions/144): messages/<locale>/screens.json, one file a language,
// loaded on the server for the language asked for only; each layout hands its client components the
// namespaces they use (NextIntlClientProvider), so a page carries one language's words, and only
// the parts it shows.

export type ScreenMessages = typeof en;

const LOADERS: Readonly<Record<Locale, () => Promise<{ default: ScreenMessages }>>> = {
  en: () => import("@/messages/en/screens.json", { with: { type: "json" } }),
  es: () => import("@/messages/es/screens.json", { with: { type: "json" } }),
  fr: () => import("@/messages/fr/screens.json", { with: { type: "json" } }),
  de: () => import("@/messages/de/screens.json", { with: { type: "json" } }),
  "pt-BR": () => import("@/messages/pt-BR/screens.json", { with: { type: "json" } }),
  ja: () => import("@/messages/ja/screens.json", { with: { type: "json" } }),
  ar: () => import("@/messages/ar/screens.json", { with: { type: "json" } }),
};

/** Every screen's words in `locale`. */
export async function screenMessages(locale: Locale): Promise<ScreenMessages> {
  return (await LOADERS[locale]()).default;
}

/** The namespaces of `messages` a part of the app shows: what its layout passes to the browser. */
export function pickMessages<K extends keyof ScreenMessages>(messages: ScreenMessages, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Pick<ScreenMessages, K>;
}
