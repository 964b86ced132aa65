import type { Locale } from "./locales";
import type enApp from "@/messages/en/screens.json";
import type enAuth from "@/messages/en/auth.json";
import type enFrame from "@/messages/en/frame.json";
import type enMe from "@/messages/en/me.json";
import type enCommunity from "@/messages/en/community.json";

// The screens' words (docs/decisions/144): messages/<locale>/<part>.json, a file a part of the app
// (the document's own and the language controls in screens.json, the sign-in screens in auth.json,
// the signed-in frame in frame.json, /me's rooms in me.json, the dashboard, feed, friends and
// notifications in community.json), each a namespace or more. Loaded on the server for the
// language asked for only; each layout hands its client components the namespaces they use
// (NextIntlClientProvider), so a page carries one language's words, and only the parts it shows.

export type ScreenMessages = typeof enApp & typeof enAuth & typeof enFrame & typeof enMe & typeof enCommunity;

type Part = { default: Record<string, unknown> };
const parts = (...loaded: Promise<Part>[]) =>
  Promise.all(loaded).then((all) => Object.assign({}, ...all.map((part) => part.default)) as ScreenMessages);

const LOADERS: Readonly<Record<Locale, () => Promise<ScreenMessages>>> = {
  en: () =>
    parts(
      import("@/messages/en/screens.json", { with: { type: "json" } }),
      import("@/messages/en/auth.json", { with: { type: "json" } }),
      import("@/messages/en/frame.json", { with: { type: "json" } }),
      import("@/messages/en/me.json", { with: { type: "json" } }),
      import("@/messages/en/community.json", { with: { type: "json" } }),
    ),
  es: () =>
    parts(
      import("@/messages/es/screens.json", { with: { type: "json" } }),
      import("@/messages/es/auth.json", { with: { type: "json" } }),
      import("@/messages/es/frame.json", { with: { type: "json" } }),
      import("@/messages/es/me.json", { with: { type: "json" } }),
      import("@/messages/es/community.json", { with: { type: "json" } }),
    ),
  fr: () =>
    parts(
      import("@/messages/fr/screens.json", { with: { type: "json" } }),
      import("@/messages/fr/auth.json", { with: { type: "json" } }),
      import("@/messages/fr/frame.json", { with: { type: "json" } }),
      import("@/messages/fr/me.json", { with: { type: "json" } }),
      import("@/messages/fr/community.json", { with: { type: "json" } }),
    ),
  de: () =>
    parts(
      import("@/messages/de/screens.json", { with: { type: "json" } }),
      import("@/messages/de/auth.json", { with: { type: "json" } }),
      import("@/messages/de/frame.json", { with: { type: "json" } }),
      import("@/messages/de/me.json", { with: { type: "json" } }),
      import("@/messages/de/community.json", { with: { type: "json" } }),
    ),
  "pt-BR": () =>
    parts(
      import("@/messages/pt-BR/screens.json", { with: { type: "json" } }),
      import("@/messages/pt-BR/auth.json", { with: { type: "json" } }),
      import("@/messages/pt-BR/frame.json", { with: { type: "json" } }),
      import("@/messages/pt-BR/me.json", { with: { type: "json" } }),
      import("@/messages/pt-BR/community.json", { with: { type: "json" } }),
    ),
  ja: () =>
    parts(
      import("@/messages/ja/screens.json", { with: { type: "json" } }),
      import("@/messages/ja/auth.json", { with: { type: "json" } }),
      import("@/messages/ja/frame.json", { with: { type: "json" } }),
      import("@/messages/ja/me.json", { with: { type: "json" } }),
      import("@/messages/ja/community.json", { with: { type: "json" } }),
    ),
  ar: () =>
    parts(
      import("@/messages/ar/screens.json", { with: { type: "json" } }),
      import("@/messages/ar/auth.json", { with: { type: "json" } }),
      import("@/messages/ar/frame.json", { with: { type: "json" } }),
      import("@/messages/ar/me.json", { with: { type: "json" } }),
      import("@/messages/ar/community.json", { with: { type: "json" } }),
    ),
};

/** Every screen's words in `locale`. */
export function screenMessages(locale: Locale): Promise<ScreenMessages> {
  return LOADERS[locale]();
}

/** The namespaces of `messages` a part of the app shows: what its layout passes to the browser. */
export function pickMessages<K extends keyof ScreenMessages>(messages: ScreenMessages, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, messages[key]])) as Pick<ScreenMessages, K>;
}

/** The files of a language's screen words, for the catalogue check. */
export const SCREEN_PARTS = ["screens", "auth", "frame", "me", "community"] as const;
