// The rooms of /me (docs/product.md "Me", docs/decisions/109): each with its own address, reached
// from the tab list at the top of every one of them and from the overview on /me.

export interface Room {
  href: string;
  label: string;
  /** One line on /me saying what the room holds. */
  summary: string;
  /** The line under the room's own heading, on its page and while it loads (none on /me). */
  intro?: string;
}

export const ROOMS: readonly Room[] = [
  { href: "/me", label: "Profile", summary: "Your name, bio and picture, your friends and the app’s look." },
  {
    href: "/me/writing",
    label: "Your writing",
    summary: "Your streaks, a year of days written, your moods, and your templates.",
    intro:
      "How often you write, your streaks and a year of days, your moods, the templates you start pages from, and the pages you deleted lately.",
  },
  {
    href: "/me/reminders",
    label: "Reminders and notifications",
    summary: "A daily nudge to write, and what reaches your devices.",
    intro: "A daily nudge to write, and what Inkwell may show on your devices.",
  },
  {
    href: "/me/data",
    label: "Your data",
    summary: "Your diary as a PDF, everything as a ZIP, an import from Day One.",
    intro: "Your diary is yours: print it, take all of it with you, or bring pages from Day One.",
  },
  {
    href: "/me/privacy",
    label: "Privacy and safety",
    summary: "The people you blocked or muted.",
    intro: "The people you blocked or muted. Who may read a page is chosen on the page itself.",
  },
  {
    href: "/me/security",
    label: "Security",
    summary: "Where you’re signed in, two-factor sign-in, passkeys, your password and address, and leaving.",
    intro: "Where your account is signed in, how it signs in, its email address, and leaving.",
  },
];

/** The room a path is in: its own, or the closest one above it. */
export function roomOf(pathname: string): Room | undefined {
  return [...ROOMS].reverse().find((r) => pathname === r.href || pathname.startsWith(`${r.href}/`));
}

/** The room at this address (a page's own, for its heading, title and loading screen). */
export function room(href: string): Room {
  const found = ROOMS.find((r) => r.href === href);
  if (!found) throw new Error(`No room of /me at ${href}`);
  return found;
}
