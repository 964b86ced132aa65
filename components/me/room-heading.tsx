import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { PageHeading } from "@/components/app/page-heading";
import { room } from "./rooms";

/** A room's heading and the line under it, from its entry in ROOMS (./rooms.ts) and me.rooms. */
export function RoomHeading({ href }: { href: string }) {
  const t = useTranslations("me.rooms");
  const { name } = room(href);
  return (
    <PageHeading title={t(`${name}.label`)}>{name === "profile" ? undefined : t(`${name}.intro` as const)}</PageHeading>
  );
}

/**
 * A room's loading.tsx: its heading at once, then a line. Each room has its own boundary: /me's,
 * already shown, would keep the last room on screen until the server had read the next one.
 */
export function RoomLoading({ href }: { href: string }) {
  const t = useTranslations("me.rooms");
  return (
    <>
      <RoomHeading href={href} />
      <p role="status" className="flex items-center gap-2 py-4 text-ink-soft">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        {t("opening")}
      </p>
    </>
  );
}
