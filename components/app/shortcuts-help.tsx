"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ModalDialog } from "@/components/ui/modal-dialog";

/**
 * The keyboard shortcuts of the signed-in screens (docs/product.md "Keyboard shortcuts"): the keys
 * as their caps read, and what each does, a message of frame.shortcuts.
 */
const SHORTCUTS: { keys: string[][]; what: "searchDiary" | "savePage" | "closeDialog" | "showShortcuts" }[] = [
  {
    keys: [
      ["Ctrl", "K"],
      ["⌘", "K"],
    ],
    what: "searchDiary",
  },
  {
    keys: [
      ["Ctrl", "Enter"],
      ["⌘", "Enter"],
    ],
    what: "savePage",
  },
  {
    keys: [
      ["Ctrl", "S"],
      ["⌘", "S"],
    ],
    what: "savePage",
  },
  { keys: [["Esc"]], what: "closeDialog" },
  { keys: [["?"]], what: "showShortcuts" },
];

/** Whether a key typed here is someone's text (a field, an editable area), not a shortcut. */
function typingIn(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches("input, textarea, select"));
}

/**
 * '?' anywhere but in a field opens a dialog that lists the keyboard shortcuts; Escape or Close
 * shuts it and gives the focus back. The dialog's code is fetched when it is first opened.
 */
export function ShortcutsHelp() {
  const t = useTranslations("frame.shortcuts");
  const [open, setOpen] = useState(false);
  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== "?" || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      setOpen(true);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <ModalDialog open={open} onClose={() => setOpen(false)} title={t("title")}>
      <dl className="flex flex-col gap-3 text-sm">
        {SHORTCUTS.map(({ keys, what }) => (
          <div
            key={`${what}-${keys[0]!.join("+")}`}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1"
          >
            <dt className="flex flex-wrap items-center gap-1.5">
              {keys.map((combo, i) => (
                <span key={combo.join("+")} className="inline-flex items-center gap-1">
                  {i > 0 ? <span className="text-ink-soft">{t("or")}</span> : null}
                  {combo.map((key) => (
                    <kbd
                      key={key}
                      className="rounded border border-ink-soft/50 bg-paper-deep px-1.5 py-0.5 font-sans text-xs font-semibold text-ink"
                    >
                      {key === "⌘" ? (
                        <>
                          <span aria-hidden>⌘</span>
                          <span className="sr-only">{t("command")}</span>
                        </>
                      ) : (
                        key
                      )}
                    </kbd>
                  ))}
                </span>
              ))}
            </dt>
            <dd className="text-ink-soft">{t(what)}</dd>
          </div>
        ))}
      </dl>
    </ModalDialog>
  );
}
