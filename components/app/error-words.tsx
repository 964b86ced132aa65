"use client";

import { useLocale } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { errorText, errorWordsReady, loadErrorWords, subscribeErrorWords } from "@/client/error-words";

/** Fetches the API's messages in the page's language once it has loaded (client/error-words.ts). */
export function ErrorWords() {
  const locale = useLocale();
  useEffect(() => {
    void loadErrorWords(locale);
  }, [locale]);
  return null;
}

/** `errorText` for a component: it renders again when the words arrive. */
export function useErrorText() {
  useSyncExternalStore(subscribeErrorWords, errorWordsReady, () => false);
  return errorText;
}
