import { CalendarDays, MapPin } from "lucide-react";
import type { Metadata } from "next";
import { LogoutButton } from "@/components/profile/logout-button";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Me" };

const NO_BIO = "No bio added yet. Share your writing journey with others!";

export default async function MePage() {
  const user = await requirePageUser();
  const since = user.createdAt.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return (
    <div className="notebook rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet md:pl-20">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-leather font-serif text-2xl font-semibold text-on-accent">
            {user.name.trim().charAt(0).toUpperCase()}
          </span>
          <div>
            <h1 className="text-3xl leading-tight font-semibold text-leather">{user.name}</h1>
            <p className="text-ink-soft">@{user.username}</p>
          </div>
        </div>
        <LogoutButton />
      </div>
      <ul className="mt-4 flex flex-wrap gap-x-6 text-sm text-ink-soft">
        {user.location ? (
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden className="size-4" />
            {user.location}
          </li>
        ) : null}
        <li className="flex items-center gap-1.5">
          <CalendarDays aria-hidden className="size-4" />
          Writing since {since}
        </li>
      </ul>
      <section aria-labelledby="bio-heading" className="mt-6">
        <h2 id="bio-heading" className="text-xl font-semibold">
          Bio
        </h2>
        <p className={user.bio ? "whitespace-pre-line text-ink" : "text-ink-soft italic"}>{user.bio || NO_BIO}</p>
      </section>
    </div>
  );
}
