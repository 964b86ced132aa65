"use client";

import { RotateCcw } from "lucide-react";
import { buttonClass } from "@/components/ui/button-styles";

/** Loads the page again from the server (after an outage, a fresh render is what is wanted). */
export function ReloadButton() {
  return (
    <button type="button" onClick={() => window.location.reload()} className={buttonClass("primary")}>
      <RotateCcw aria-hidden className="size-4" />
      Try again
    </button>
  );
}
