"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * Writing on a phone (docs/product.md "A page to write on", docs/decisions/110): while a text field
 * of `form` has the focus, `<html data-writing>` is set and app/globals.css folds the chrome away
 * below 768 px (the header, the bottom bar, the diary's tools: whatever is marked `data-chrome`), so
 * the page fills the screen. The save bar then rides above the on-screen keyboard: the keyboard's
 * height is what the visual viewport (VisualViewport API) leaves uncovered of the layout viewport,
 * kept in `--keyboard-inset`. The mode ends when the focus leaves the form, when the form is sent
 * (Save), or with `done()` (the Done button: the keyboard closes, the focus goes to `rest`).
 */
export function useWritingMode(form: RefObject<HTMLElement | null>, rest: RefObject<HTMLElement | null>): () => void {
  const stopRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const root = document.documentElement;
    const viewport = window.visualViewport;
    let on = false;

    function keyboardInset() {
      if (!viewport) return;
      const covered = Math.max(0, window.innerHeight - viewport.height - viewport.offsetTop);
      root.style.setProperty("--keyboard-inset", `${Math.round(covered)}px`);
    }
    function start() {
      if (on) return;
      on = true;
      root.dataset.writing = "";
      keyboardInset();
      viewport?.addEventListener("resize", keyboardInset);
      viewport?.addEventListener("scroll", keyboardInset);
      // The chrome above went away: the field keeps its place on screen.
      const field = document.activeElement;
      if (field instanceof HTMLElement) field.scrollIntoView({ block: "nearest" });
    }
    function stop() {
      if (!on) return;
      on = false;
      delete root.dataset.writing;
      root.style.removeProperty("--keyboard-inset");
      viewport?.removeEventListener("resize", keyboardInset);
      viewport?.removeEventListener("scroll", keyboardInset);
    }
    function focusIn(e: FocusEvent) {
      if (isTextField(e.target)) start();
    }
    function focusOut(e: FocusEvent) {
      if (!(e.relatedTarget instanceof Node && el!.contains(e.relatedTarget))) stop();
    }

    el.addEventListener("focusin", focusIn);
    el.addEventListener("focusout", focusOut);
    el.addEventListener("submit", stop);
    stopRef.current = stop;
    if (isTextField(document.activeElement) && el.contains(document.activeElement)) start();
    return () => {
      el.removeEventListener("focusin", focusIn);
      el.removeEventListener("focusout", focusOut);
      el.removeEventListener("submit", stop);
      stopRef.current = () => undefined;
      stop();
    };
  }, [form]);

  return () => {
    stopRef.current();
    rest.current?.focus();
  };
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === "text");
}
