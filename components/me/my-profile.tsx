"use client";

import { useQuery } from "@tanstack/react-query";
import { ExternalLink, Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { useEndSession } from "@/components/app/use-end-session";
import { LogoutButton } from "@/components/me/logout-button";
import { buttonClass } from "@/components/ui/button-styles";
import { ProfileHeader } from "@/components/ui/profile-header";
import { PROFILE_LOAD_FAILED, myProfileQuery, type MyProfile } from "@/client/me";
import { ApiError } from "@/client/api-error";
import { notify } from "@/client/toasts";
import { AppearanceSetting } from "./appearance-setting";
import { CommunityCard } from "./community-card";
import { EditProfileDialog } from "./edit-profile-dialog";
import { LanguageSetting } from "./language-setting";
import { Milestones } from "./milestones";
import { MoreRooms } from "./more-rooms";

/**
 * My profile, the first of /me's rooms (docs/product.md "Me", docs/decisions/109): who I am, my
 * milestones, my close circle, the app's look, and the way to the other rooms. A profile that cannot be loaded ends the session here (docs/product.md §8).
 */
export function MyProfileScreen({ feedbackUrl }: { feedbackUrl: string | null }) {
  const profile = useQuery(myProfileQuery());
  const endSession = useEndSession();
  const ended = useRef(false);

  // A profile that never arrived, or a session refused since (401): docs/product.md §8 signs out. A
  // background refetch that fails for another reason keeps what is shown.
  const refused = profile.error instanceof ApiError && profile.error.status === 401;
  const lost = profile.isError && (!profile.data || refused);
  useEffect(() => {
    if (!lost || ended.current) return;
    ended.current = true;
    notify.error(PROFILE_LOAD_FAILED);
    endSession({ refused });
  }, [lost, refused, endSession]);

  if (!profile.data) return <ProfileSkeleton />;
  const me = profile.data;
  return (
    <div className="flex flex-col gap-6">
      <MyProfileHeader profile={me} feedbackUrl={feedbackUrl} />
      <div className="grid gap-6 md:grid-cols-2">
        <Milestones totalReads={me.totalReads} totalLikes={me.totalLikes} />
        <CommunityCard />
        <AppearanceSetting />
        <LanguageSetting />
        <MoreRooms />
      </div>
    </div>
  );
}

function MyProfileHeader({ profile, feedbackUrl }: { profile: MyProfile; feedbackUrl: string | null }) {
  const t = useTranslations("me.profile");
  const [editing, setEditing] = useState(false);
  return (
    <section
      aria-labelledby="me-name"
      className="notebook rounded-lg border border-ink-soft/20 py-6 pr-5 pl-12 shadow-sheet md:pl-20"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <ProfileHeader
          variant="page"
          heading={{ level: 1, id: "me-name" }}
          person={{
            name: profile.name,
            username: profile.username,
            profileImage: profile.profileImage,
            location: profile.location,
            since: profile.createdAt,
          }}
        />
      </div>
      <h2 className="mt-5 font-sans text-xs font-semibold tracking-wide text-ink-soft uppercase">{t("bio")}</h2>
      <p
        className={
          profile.bio ? "leading-7 break-words whitespace-pre-line text-ink" : "leading-7 text-ink-soft italic"
        }
      >
        {profile.bio || t("noBio")}
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="button" onClick={() => setEditing(true)} className={buttonClass("primary")}>
          <Pencil aria-hidden className="size-4" />
          {t("edit")}
        </button>
        <LogoutButton />
        {feedbackUrl ? (
          <a href={feedbackUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("ghost")}>
            {t("feedback")}
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">{t("newTab")}</span>
          </a>
        ) : null}
      </div>
      <EditProfileDialog profile={profile} open={editing} onClose={() => setEditing(false)} />
    </section>
  );
}

export function ProfileSkeleton() {
  const t = useTranslations("me.profile");
  return (
    <div
      role="status"
      className="flex items-center gap-4 rounded-lg border border-ink-soft/20 bg-surface p-6 shadow-sm"
    >
      <span className="size-24 animate-pulse rounded-full bg-paper-deep motion-reduce:animate-none" />
      <span className="text-ink-soft">{t("loading")}</span>
    </div>
  );
}
