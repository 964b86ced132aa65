import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ROOMS } from "./rooms";

/** The overview on /me: every other room, with what it holds (docs/decisions/109). */
export function MoreRooms() {
  const t = useTranslations("me.rooms");
  return (
    <section aria-labelledby="rooms-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id="rooms-heading" className="font-serif text-xl font-semibold text-leather">
        {t("more")}
      </h2>
      <ul className="mt-2 divide-y divide-ink-soft/15">
        {ROOMS.slice(1).map((room) => (
          <li key={room.href}>
            <Link href={room.href} className="group flex min-h-11 items-center gap-3 py-2.5">
              <span className="flex-1">
                <span className="block font-semibold text-ink group-hover:underline">{t(`${room.name}.label`)}</span>
                <span className="block text-sm text-ink-soft">{t(`${room.name}.summary`)}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-ink-soft" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
