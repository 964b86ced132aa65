import { CalendarDays, MapPin } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { writingSince } from "@/lib/dates/month-year";

export type ProfilePerson = {
  name: string;
  username: string;
  profileImage: string | null;
  location: string | null;
  since: string;
};

type Props = {
  person: ProfilePerson;
  /** `page`: a profile's own header (large picture, the name as its heading); `row`: one line of a list, the name a link to the profile. */
  variant: "page" | "row";
  /** page: the heading's level and id (the section it heads is labelled by it). */
  heading?: { level: 1 | 2; id: string };
  /** row: where the name leads. */
  href?: string;
  /** page: centre the facts on a phone, as the header around them is. */
  centered?: boolean;
  /** Between the username and the facts: a badge, the bio. */
  children?: ReactNode;
};

/**
 * Who a person is, the same on my profile, on a writer's public profile and in my friends list:
 * picture, name, @username, then where they are and since when they write (one wording, one time
 * zone: lib/dates/month-year.ts).
 */
export function ProfileHeader({ person, variant, heading, href, centered, children }: Props) {
  if (variant === "row") {
    return (
      <>
        <Avatar name={person.name} image={person.profileImage} />
        <div className="min-w-0 flex-1">
          {href ? (
            <Link href={href} className="block truncate font-semibold text-ink hover:underline">
              {person.name}
            </Link>
          ) : (
            <p className="truncate font-semibold text-ink">{person.name}</p>
          )}
          <p className="truncate text-sm text-ink-soft">@{person.username}</p>
          {children}
          <Facts person={person} className="gap-x-3 text-xs" iconClass="size-3" />
        </div>
      </>
    );
  }
  const Heading = heading?.level === 1 ? "h1" : "h2";
  return (
    <>
      <Avatar name={person.name} image={person.profileImage} size="lg" />
      <div className="min-w-0 flex-1">
        <Heading
          id={heading?.id}
          className={`font-serif font-semibold break-words text-leather ${heading?.level === 1 ? "text-3xl" : "text-2xl"}`}
        >
          {person.name}
        </Heading>
        <p className="text-ink-soft">@{person.username}</p>
        {children}
        <Facts
          person={person}
          className={`mt-2 gap-x-5 gap-y-1 text-sm ${centered ? "justify-center sm:justify-start" : ""}`}
          iconClass="size-4"
        />
      </div>
    </>
  );
}

interface FactsProps {
  person: ProfilePerson;
  className: string;
  iconClass: string;
}

function Facts({ person, className, iconClass }: FactsProps) {
  return (
    <p className={`flex flex-wrap text-ink-soft ${className}`}>
      {person.location ? (
        <span className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden className={iconClass} />
          {person.location}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden className={iconClass} />
        {writingSince(person.since)}
      </span>
    </p>
  );
}
