import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { ProsePage } from "@/components/site/prose-page";
import { config } from "@/lib/config";

export const metadata: Metadata = {
  title: "Terms",
  description: "The terms of using this Inkwell server: your words stay yours, be kind to the people you share with.",
};

// Rendered per request: TERMS_URL is a setting read when the server starts (docs/decisions/108).
export default async function TermsPage() {
  await connection();
  const { TERMS_URL } = config();
  if (TERMS_URL) redirect(TERMS_URL);
  return (
    <ProsePage
      title="Terms"
      lead="Inkwell is software that anyone can run on a server of their own. These are the terms of using this one, unless its operators publish their own."
    >
      <h2>Your words are yours</h2>
      <p>
        What you write, and the photos you add, stay yours. This server keeps them only to show them to you and to the
        people you share them with, and lets you take them away or delete them at any time.
      </p>
      <h2>Be kind to your circle</h2>
      <p>
        Share only what you may share, and nothing that harms someone: no harassment, no threats, no one else&apos;s
        private words or pictures without their consent. Anyone can report a page or a reply; the operators may remove
        it or suspend an account that breaks these terms, and say why by mail.
      </p>
      <h2>Keep your account safe</h2>
      <p>
        Use a password of your own, and a passkey or two-factor sign-in if you can. You are responsible for what is done
        with your account; if something looks wrong, choose ‘Sign out everywhere else’ under Security on your profile.
      </p>
      <h2>No promises beyond care</h2>
      <p>
        The operators run this server with care but without a warranty: keep an export of what matters to you. They may
        change these terms; this page always shows the ones that apply.
      </p>
    </ProsePage>
  );
}
