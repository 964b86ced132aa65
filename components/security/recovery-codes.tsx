"use client";

import { saveBlob } from "@/client/save-file";
import { Copy, Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { buttonClass } from "@/components/ui/button-styles";
import { notify } from "@/client/toasts";

/**
 * The ten recovery codes, shown this once (docs/decisions/073): copy them, download them as a
 * text file, then say they are kept.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `Inkwell recovery codes\nEach works once, in place of a code from your authenticator app.\n\n${codes.join("\n")}\n`;

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notify.success("Recovery codes copied"),
      () => notify.error("Could not copy. Select the codes and copy them instead."),
    );
  const download = () => saveBlob(new Blob([text], { type: "text/plain" }), "inkwell-recovery-codes.txt");

  return (
    <div className="mt-4 flex flex-col gap-3">
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold text-ink">
        Your recovery codes
      </h3>
      <p className="text-sm text-ink-soft">
        Keep them somewhere safe. Each signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-md bg-paper-deep p-3 font-mono text-base text-ink min-[400px]:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass("secondary")} onClick={copy}>
          <Copy aria-hidden className="size-4" /> Copy
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={download}>
          <Download aria-hidden className="size-4" /> Download (.txt)
        </button>
        <button type="button" className={buttonClass("primary")} onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
