import type { Locale } from "@/lib/i18n/locales";

// The API's messages in the screens' language (docs/decisions/144): every message written as a
// constant has a code (docs/decisions/142, lib/http/message-codes.json: code → English), and
// messages/<locale>/errors.json holds each code's words in that language. Both are fetched after
// the page has loaded, and only in a language other than English (components/app/error-words.tsx):
// no page's first load carries them. A message is found by its code when the answer gave one, else
// by its English words (the browser's own checks say the server's words, lib/validation/form-checks.ts).
// A message built from values (a field's label, a count) has no fixed words and stays as it came.

type Catalogue = { default: Record<string, string> };

const LOADERS: Readonly<Record<Exclude<Locale, "en">, () => Promise<Catalogue>>> = {
  es: () => import("@/messages/es/errors.json", { with: { type: "json" } }),
  fr: () => import("@/messages/fr/errors.json", { with: { type: "json" } }),
  de: () => import("@/messages/de/errors.json", { with: { type: "json" } }),
  "pt-BR": () => import("@/messages/pt-BR/errors.json", { with: { type: "json" } }),
  ja: () => import("@/messages/ja/errors.json", { with: { type: "json" } }),
  ar: () => import("@/messages/ar/errors.json", { with: { type: "json" } }),
};

interface Words {
  byCode: ReadonlyMap<string, string>;
  byEnglish: ReadonlyMap<string, string>;
}

let words: Words | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches `locale`'s words for the API's messages, once; English needs none. */
export function loadErrorWords(locale: Locale): Promise<void> {
  if (locale === "en") return Promise.resolve();
  return (loading ??= Promise.all([
    import("@/lib/http/message-codes.json", { with: { type: "json" } }),
    LOADERS[locale](),
  ]).then(
    ([english, own]) => {
      const byCode = new Map(Object.entries(own.default));
      const byEnglish = new Map<string, string>();
      for (const [code, message] of Object.entries(english.default as Record<string, string>)) {
        const translated = byCode.get(code);
        if (translated) byEnglish.set(message, translated);
      }
      words = { byCode, byEnglish };
      for (const listener of listeners) listener();
    },
    () => {
      loading = null; // offline, or a new version deployed: English until the next try
    },
  ));
}

/** A message of the API's in the screens' language when its words are here, else as it came. */
export function errorText(message: string, code?: string): string {
  if (!words) return message;
  return (code ? words.byCode.get(code) : undefined) ?? words.byEnglish.get(message) ?? message;
}

/** For a component that shows the API's messages: renders again once their words have come. */
export function subscribeErrorWords(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const errorWordsReady = () => words !== null;
