"use client";

import { RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button-styles";

/** Loads the page again from the server (after an outage, a fresh render is what is wanted). */
export function ReloadButton() {
  const t = useTranslations("app");
  return (
    <button type="button" onClick={() => window.location.reload()} className={buttonClass("primary")}>
      <RotateCcw aria-hidden className="size-4" />
      {t("tryAgain")}
    </button>
  );
}
