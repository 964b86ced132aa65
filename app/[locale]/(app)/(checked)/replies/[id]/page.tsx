import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { ReplyThreads } from "@/components/replies/reply-threads";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Private replies" };

// One entry's private replies (docs/decisions/066): the page checks the session; the threads load
// in the browser, as the caller may see them.
async function RepliesPage({ params }: { params: Promise<{ id: string }> }) {
  const [, { id }] = await Promise.all([requirePageUser(), params]);
  return (
    <>
      <PageHeading title="Private replies" />
      <ReplyThreads journalId={id} />
    </>
  );
}

export default checkedPage(RepliesPage);
