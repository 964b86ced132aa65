import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app/page-heading";
import { ReplyThreads } from "@/components/replies/reply-threads";
import { requirePageUser } from "@/lib/auth/current-user";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("community.pages"))("privateReplies") };
}

// One entry's private replies (docs/decisions/066): the page checks the session; the threads load
// in the browser, as the caller may see them.
async function RepliesPage({ params }: { params: Promise<{ id: string }> }) {
  const [, { id }] = await Promise.all([requirePageUser(), params]);
  const t = await getTranslations("community.pages");
  return (
    <>
      <PageHeading title={t("privateReplies")} />
      <ReplyThreads journalId={id} />
    </>
  );
}

export default checkedPage(RepliesPage);
