"use client";

import { CloudOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useShownAsLastSeen } from "@/client/last-seen";

/**
 * Says so when a signed-in screen shows what the service worker kept rather than the server's answer
 * (docs/product.md "Installing and offline", docs/decisions/080): no connection, or the server out
 * of reach. The live region is always there, so a screen reader hears the change when it comes.
 */
export function OfflineBanner() {
  const t = useTranslations("frame.offlineBanner");
  const lastSeen = useShownAsLastSeen();
  return (
    <div role="status" className={lastSeen ? "border-b border-ink-soft/40 bg-paper-deep" : undefined}>
      {lastSeen ? (
        <p className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 text-sm text-ink">
          <CloudOff aria-hidden className="size-4 shrink-0 text-ink-soft" />
          <span>
            <strong className="font-semibold">{t("lead")}</strong> {t("detail")}
          </span>
        </p>
      ) : null}
    </div>
  );
}
