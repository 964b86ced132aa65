"use client";

import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { buttonClass } from "@/components/ui/button-styles";
import { suggestedQuery, FELLOW_WRITERS_FAILED } from "@/client/friends";
import { Avatar } from "@/components/ui/avatar";

/** docs/product.md §9: eight grey cards hold the grid's place while suggestions load. */
const PLACEHOLDERS = 8;

/**
 * Up to 12 suggested people (docs/product.md §2). Refresh asks for the ones after those shown; the server
 * wraps round at the end of its list (docs/decisions/022-people-search-and-suggestions.md). Beside a
 * profile, `excludeId` is its owner, whom the server leaves out as it leaves out the viewer (decision 042).
 */
export function FellowWriters({ excludeId }: { excludeId?: string } = {}) {
  const t = useTranslations("community.fellowWriters");
  const [offset, setOffset] = useState(0);
  const { data, isPending, isError, isFetching, refetch } = useQuery(suggestedQuery(offset, excludeId));

  return (
    <section aria-labelledby="fellow-writers-heading" className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id="fellow-writers-heading" className="font-serif text-xl font-semibold text-leather">
          {t("title")}
        </h2>
        {data && data.length > 0 ? (
          <BusyButton
            type="button"
            variant="ghost"
            busy={isFetching}
            busyLabel={t("refreshing")}
            onClick={() => setOffset(offset + data.length)}
            className="px-2"
          >
            <RefreshCw aria-hidden className="size-4" />
            {t("refresh")}
          </BusyButton>
        ) : null}
      </div>
      {isPending ? (
        <ul aria-busy className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("loading")}>
          {Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <li key={i} className="h-20 animate-pulse rounded-lg bg-paper motion-reduce:animate-none" />
          ))}
        </ul>
      ) : isError || data.length === 0 ? (
        <div className="rounded-lg border border-ink-soft/20 bg-surface p-6 text-center">
          <p role={isError ? "alert" : undefined} className={isError ? "text-danger" : "text-ink-soft"}>
            {isError ? FELLOW_WRITERS_FAILED : t("none")}
          </p>
          <BusyButton
            type="button"
            variant="secondary"
            busy={isFetching}
            busyLabel={t("tryingAgain")}
            onClick={() => void refetch()}
            className="mt-3"
          >
            {t("tryAgain")}
          </BusyButton>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((writer) => (
            <li
              key={writer.id}
              className="flex items-center gap-3 rounded-lg border border-ink-soft/20 bg-surface p-3 shadow-sm"
            >
              <Avatar name={writer.name} image={writer.profileImage} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{writer.name}</p>
                <p className="truncate text-sm text-ink-soft">@{writer.username}</p>
              </div>
              <Link href={`/public/${writer.id}`} className={buttonClass("secondary", "shrink-0 px-3 py-1.5")}>
                {t("viewProfile")}
                <span className="sr-only">{t("of", { name: writer.name })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
