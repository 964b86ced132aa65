import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/app/page-heading";
import { CloseCircleFeed } from "@/components/feed/close-circle-feed";
import { FeedQuote } from "@/components/feed/feed-quote";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("community.pages"))("myFriends") };
}

/**
 * A static shell (docs/decisions/084): the browser asks for the feed's first page as soon as it
 * runs, with the feed's own loading, error and Try Again views; 'Load more...' then asks with the
 * cursor it came with (docs/decisions/027: the server used to put the first page in the HTML).
 */
export default function CloseCirclePage() {
  const t = useTranslations("community.pages");
  return (
    <>
      <PageHeading title={t("closeCircle")}>{t("closeCircleLead")}</PageHeading>
      <FeedQuote />
      <CloseCircleFeed />
    </>
  );
}
