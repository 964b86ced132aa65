import { BookHeart, CalendarDays, LockKeyhole, type LucideIcon } from "lucide-react";
import type { Metadata } from "next";
import { DiaryPicture } from "@/components/site/diary-picture";
import { OPEN_GRAPH_PICTURE } from "@/components/site/front-pictures";
import { buttonClass } from "@/components/ui/button-styles";
import { PageLink } from "@/components/ui/page-link";
import { PaintWhole } from "@/components/ui/paint-whole";
import { config } from "@/lib/config";

const TITLE = "Inkwell — a diary, one page a day";
const DESCRIPTION =
  "Write one page a day. Keep it private, share it with a close circle of friends, with your name or without it, and take everything with you whenever you like.";

// A static page (docs/decisions/108): made once by `next build`, served as a file. A browser with a
// session goes on to its dashboard before it (proxy.ts, lib/http/protected-pages.ts). The Open
// Graph tags need whole addresses: they name the APP_URL the app was built with (`npm start`
// builds with the settings it starts with; docs/decisions/108 says when to build again).
export const metadata: Metadata = {
  metadataBase: new URL(config().APP_URL),
  title: { absolute: TITLE },
  description: DESCRIPTION,
  alternates: { canonical: "/" },
  openGraph: {
    type: "website",
    siteName: "Inkwell",
    title: TITLE,
    description: DESCRIPTION,
    url: "/",
    images: [{ ...OPEN_GRAPH_PICTURE, alt: "Inkwell's diary: a month's calendar beside the day's page." }],
  },
  twitter: { card: "summary_large_image", title: TITLE, description: DESCRIPTION },
};

const POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: CalendarDays,
    title: "One page a day",
    text: "A title, up to 900 characters and a photo: small enough to write every evening, enough to remember the day by. Offline too, on the phone you carry.",
  },
  {
    icon: LockKeyhole,
    title: "Private, your circle, or anonymous",
    text: "Every page is private until you choose. Share one with the friends you accepted, with your name or without it; they can leave a heart or a private reply.",
  },
  {
    icon: BookHeart,
    title: "Yours to keep",
    text: "Take everything with you as a ZIP, or your journal as a PDF, whenever you like. Bring your years from Day One. Delete your account, and all of it goes.",
  },
];

export default function FrontPage() {
  return (
    <>
      <section
        aria-labelledby="front-title"
        className="mx-auto grid w-full max-w-5xl gap-10 px-4 pt-6 pb-12 sm:px-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-center md:pt-12"
      >
        <div className="flex flex-col gap-5">
          <h1 id="front-title" className="font-serif text-4xl leading-tight font-semibold text-ink sm:text-5xl">
            A diary you keep for years.
          </h1>
          <p className="text-lg text-ink-soft">
            Inkwell gives each day one page. Write it for yourself, share some of it with a close circle of friends, and
            keep all of it: it is yours.
          </p>
          <div className="flex flex-wrap gap-3">
            <PageLink href="/signup" className={buttonClass("primary", "min-h-11 px-6 text-base")}>
              Sign up
            </PageLink>
            <PageLink href="/login" className={buttonClass("secondary", "min-h-11 px-6 text-base")}>
              Log in
            </PageLink>
          </div>
        </div>
        <figure className="relative max-md:hidden">
          <div className="overflow-hidden rounded-lg border border-ink-soft/20 shadow-sheet">
            <DiaryPicture picture="wide" sizes="(min-width: 1024px) 544px, 55vw" />
          </div>
          <div className="absolute -bottom-10 -left-8 w-32 overflow-hidden rounded-2xl border-4 border-leather/80 shadow-sheet">
            <DiaryPicture picture="phone" sizes="128px" />
          </div>
          <figcaption className="sr-only">The diary, as Inkwell shows it on a computer and on a phone.</figcaption>
        </figure>
        {/* The first screen is painted whole: a frame with the pictures' frames but not yet their
            images let the words beside them move when the rest was parsed (CI, and at 4x and 16x
            CPU throttling). */}
        <PaintWhole id="front-first-screen" />
      </section>
      <section aria-labelledby="front-points" className="bg-paper-deep/60">
        <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
          <h2 id="front-points" className="sr-only">
            What Inkwell is
          </h2>
          <ul className="grid gap-8 md:grid-cols-3">
            {POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-2">
                <Icon aria-hidden className="size-6 text-accent" />
                <h3 className="font-serif text-xl font-semibold text-ink">{title}</h3>
                <p className="text-ink-soft">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {/* On a phone the picture comes after the words, so that the first screen is the words (it paints at once). */}
      <figure className="mx-auto w-3/5 max-w-60 px-4 py-12 md:hidden">
        <div className="overflow-hidden rounded-2xl border-4 border-leather/80 shadow-sheet">
          <DiaryPicture picture="phone" sizes="60vw" />
        </div>
        <figcaption className="mt-3 text-center text-sm text-ink-soft">Inkwell on a phone.</figcaption>
      </figure>
    </>
  );
}
