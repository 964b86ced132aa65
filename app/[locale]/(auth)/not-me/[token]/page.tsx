import type { Metadata } from "next";
import { AuthHeading } from "@/components/auth/auth-heading";
import { NotMe } from "@/components/auth/not-me";

export const metadata: Metadata = { title: "This was not me" };

// The link in the notice of a new way in (docs/decisions/101). Nothing happens before the click.
export default async function NotMePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <AuthHeading title="This was not me" subtitle="Take your Inkwell account back from whoever has your password." />
      <NotMe token={token} />
    </>
  );
}
