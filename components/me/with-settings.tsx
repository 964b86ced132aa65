"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { settingsQuery, type Settings } from "@/client/reminders";

/**
 * The settings the reminder and notification cards on /me/reminders edit (GET /api/myprofile/settings, one
 * query for both): the card's form once they are here, else a loading or an error line.
 */
export function WithSettings({ children }: { children: (settings: Settings) => ReactNode }) {
  const t = useTranslations("me.settings");
  const settings = useQuery(settingsQuery());
  if (settings.data) return children(settings.data);
  return settings.isError ? (
    <p role="alert" className="mt-3 text-ink">
      {settings.error.message}
    </p>
  ) : (
    <p role="status" className="mt-3 text-ink-soft">
      {t("loading")}
    </p>
  );
}
