import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { ProsePage } from "@/components/site/prose-page";
import { config } from "@/lib/config";
import { SESSION_IDLE_DAYS } from "@/lib/auth/session-limits";
import { EXPORT_KEEP_HOURS } from "@/lib/exports/limits";
import { IMPORT_ZIP_KEEP_HOURS } from "@/lib/imports/limits";

export const metadata: Metadata = {
  title: "Privacy",
  description: "What an Inkwell server keeps about you, where, for how long, who can read it, and how to leave.",
};

// Rendered per request: PRIVACY_URL and the grace before a deletion are settings read when the
// server starts, not when the app was built (docs/decisions/108).
export default async function PrivacyPage() {
  await connection();
  const { PRIVACY_URL, ACCOUNT_DELETION_GRACE_DAYS: graceDays } = config();
  if (PRIVACY_URL) redirect(PRIVACY_URL);
  return (
    <ProsePage
      title="Privacy"
      lead="Inkwell is software that anyone can run on a server of their own. This page says what this server keeps about you, for how long, and who can read it. The people who run it are responsible for it."
    >
      <h2>What is kept, and where</h2>
      <ul>
        <li>
          Your account: your name, username, email address, a hash of your password (never the password itself), and
          what you add to your profile (a bio, a place, a picture).
        </li>
        <li>
          Your diary: each page&apos;s title, words, photo and its description, the day it belongs to, and who it is
          shared with. Your friends, requests, hearts, private replies, reports, blocks and mutes.
        </li>
        <li>
          The browsers you sign in with: a hash of each session&apos;s key, when it was last used, and the name the
          browser gives itself, so that you can see them and sign them out. Passkeys and two-factor sign-in keep what
          they need to check you.
        </li>
        <li>
          Everything is kept in this server&apos;s database, and photos in its photo store, in the places its operators
          chose. Photos are re-encoded when they arrive, which drops their location and camera details.
        </li>
      </ul>
      <h2>For how long</h2>
      <ul>
        <li>Your pages, as long as you keep them: deleting a page deletes it.</li>
        <li>A session unused for {SESSION_IDLE_DAYS} days ends and is removed.</li>
        <li>
          An export you make is kept {EXPORT_KEEP_HOURS} hours for you to download, and a Day One file you import at
          most {IMPORT_ZIP_KEEP_HOURS} hours.
        </li>
        <li>
          When you delete your account, it goes {graceDays === 0 ? "at once" : `${graceDays} days later`}, with
          everything you wrote, your photos, hearts, friends and messages. Backups the operators keep follow their own
          schedule.
        </li>
      </ul>
      <h2>Who can read what</h2>
      <ul>
        <li>A private page: you. Inkwell never shows it to anyone else.</li>
        <li>
          A page shared with your close circle: the friends you accepted. Shared anonymously, they read it without your
          name.
        </li>
        <li>
          A page or a reply someone reports: this server&apos;s operators see the reported words, so that they can act
          on them.
        </li>
        <li>
          The people who run this server can reach its database and its backups. Choose a server run by people you
          trust.
        </li>
      </ul>
      <h2>What is never done</h2>
      <p>
        No advertising, no tracking scripts, no selling or sharing of your data. Mail is sent only about your account,
        your reminders and your friends, and you can turn the reminders and notifications off.
      </p>
      <h2>How to leave</h2>
      <p>
        From your profile, take everything with you (a ZIP of every page and photo, or your journal as a PDF), then
        delete your account. Until the deletion happens, signing in offers to cancel it.
      </p>
    </ProsePage>
  );
}
