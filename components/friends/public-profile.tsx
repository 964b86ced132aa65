"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { safetyKeys, setSafety } from "@/client/blocks";
import { friendKeys } from "@/client/friends";
import { notify } from "@/client/toasts";
import { buttonClass } from "@/components/ui/button-styles";
import { profileQuery, type Profile } from "@/client/friends";
import { CONSISTENCY_MIN_DAYS } from "@/lib/contract/consistency";
import { ProfileHeader } from "@/components/ui/profile-header";
import { FriendEntries } from "./friend-entries";
import { FriendRequestButton } from "./friend-request-button";
import { SafetyActions } from "./safety-actions";

const CARD = "rounded-lg border border-ink-soft/20 bg-surface p-6 shadow-sm";

/** A writer's public profile (docs/product.md §2), with what I can do about them, or my own link to /me. */
export function PublicProfile({ userId, viewerId }: { userId: string; viewerId: string }) {
  const t = useTranslations("community.profile");
  const { data: profile, isPending, isError } = useQuery(profileQuery(userId));
  // Blocked from this page: the profile no longer exists for the viewer, and this says so with a way back.
  const [blocked, setBlocked] = useState<string | null>(null);

  if (blocked !== null) return <BlockedNotice userId={userId} name={blocked} onUnblocked={() => setBlocked(null)} />;

  if (isPending) {
    return (
      <div role="status" className={`${CARD} flex items-center gap-4`}>
        <span className="size-24 animate-pulse rounded-full bg-paper-deep motion-reduce:animate-none" />
        <span className="text-ink-soft">{t("loading")}</span>
      </div>
    );
  }
  if (isError) {
    return (
      <p role="alert" className={`${CARD} font-semibold text-danger`}>
        {t("error")}
      </p>
    );
  }
  if (!profile) {
    return (
      <p role="status" className={`${CARD} flex items-center gap-2 font-semibold text-ink`}>
        <TriangleAlert aria-hidden className="size-5 text-accent" />
        {t("notFound")}
      </p>
    );
  }

  const isMe = profile.id.toLowerCase() === viewerId.toLowerCase();
  return (
    <>
      <section aria-labelledby="profile-name" className={CARD}>
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
          <ProfileHeader
            variant="page"
            centered
            heading={{ level: 2, id: "profile-name" }}
            person={{
              name: profile.name,
              username: profile.username,
              profileImage: profile.profileImage,
              location: profile.location,
              since: profile.createdAt,
            }}
          >
            {profile.activeWriter ? (
              <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-paper-deep px-3 py-1 text-xs font-semibold text-success">
                <BadgeCheck aria-hidden className="size-4" />
                {t("activeWriter")}
              </p>
            ) : null}
            {profile.bio ? <p className="mt-3 whitespace-pre-line break-words text-ink">{profile.bio}</p> : null}
          </ProfileHeader>
          <div className="shrink-0">
            {isMe ? (
              <Link href="/me" className={buttonClass("secondary")}>
                {t("goToMine")}
              </Link>
            ) : (
              <FriendRequestButton userId={profile.id} />
            )}
          </div>
        </div>
        <Stats profile={profile} isMe={isMe} />
        {isMe ? null : (
          <SafetyActions userId={profile.id} name={profile.name} onBlocked={() => setBlocked(profile.name)} />
        )}
      </section>
      <FriendEntries userId={profile.id} isMe={isMe} name={profile.name} />
    </>
  );
}

interface BlockedNoticeProps {
  userId: string;
  name: string;
  onUnblocked: () => void;
}

/** What stands in for a profile just blocked: what it did, and Unblock. */
function BlockedNotice({ userId, name, onUnblocked }: BlockedNoticeProps) {
  const queryClient = useQueryClient();
  const t = useTranslations("community.profile");
  const heading = useRef<HTMLHeadingElement>(null);
  const unblock = useMutation({
    mutationFn: () => setSafety("block", userId, false),
    onSuccess: () => {
      notify.success(t("unblocked", { name }));
      void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked });
      void queryClient.invalidateQueries({ queryKey: friendKeys.profile(userId) });
      onUnblocked();
    },
    onError: (error) => notify.error(error.message),
  });
  // The Block button is gone with the profile: the focus goes to what took its place.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="blocked-heading" className={CARD}>
      <h2 id="blocked-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold text-ink">
        {t("youBlocked", { name })}
      </h2>
      <p className="mt-2 text-ink-soft">{t("blockedText")}</p>
      <BusyButton
        type="button"
        variant="secondary"
        busy={unblock.isPending}
        busyLabel={t("unblocking")}
        onClick={() => unblock.mutate()}
        className="mt-4"
      >
        {t("unblock", { name })}
      </BusyButton>
    </section>
  );
}

/**
 * The numbers everyone sees, the writer too: only pages shared under their name count (docs/decisions/042),
 * and Consistency waits for CONSISTENCY_MIN_DAYS days (docs/decisions/099).
 */
function Stats({ profile, isMe }: { profile: Profile; isMe: boolean }) {
  const t = useTranslations("community.profile");
  const stats = [
    [t("entries"), String(profile.journalCount)],
    [t("hearts"), String(profile.totalLikes)],
    [t("reads"), String(profile.totalReads)],
    [t("consistency"), profile.consistency === null ? t("notYet") : `${profile.consistency.toFixed(2)}%`],
  ] as const;
  return (
    <>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {stats.map(([label, value]) => (
          <div key={label} className="flex flex-col-reverse rounded-md bg-paper p-3 text-center">
            <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{label}</dt>
            <dd className="text-xl font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-ink-soft">
        {isMe ? `${t("countedMine")} ` : ""}
        {profile.consistency === null ? t("consistencyWaits", { count: CONSISTENCY_MIN_DAYS }) : t("consistencyMeans")}
      </p>
    </>
  );
}
