// The rooms of /me (docs/product.md "Me", docs/decisions/109): each with its own address, reached
// from the tab list at the top of every one of them and from the overview on /me. Their words are
// in messages/<locale>/me.json, under me.rooms.<name>: a label, one line on /me saying what the
// room holds (summary), and the line under the room's own heading, on its page and while it loads
// (intro; none on /me).

export const ROOMS = [
  { href: "/me", name: "profile" },
  { href: "/me/writing", name: "writing" },
  { href: "/me/reminders", name: "reminders" },
  { href: "/me/data", name: "data" },
  { href: "/me/privacy", name: "privacy" },
  { href: "/me/security", name: "security" },
] as const;

export type Room = (typeof ROOMS)[number];

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
