import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { CloseCircleFeed } from "@/components/feed/close-circle-feed";
import { FeedQuote } from "@/components/feed/feed-quote";
import { requirePageUser } from "@/lib/auth/current-user";
import { feedKeys, type FeedData } from "@/lib/query-keys";
import { FEED_PAGE_SIZE } from "@/lib/validation/feed-limits";
import { getDb } from "@/lib/db/client";
import { getReadDbForPage } from "@/lib/db/read-your-writes";
import { listCloseCircleFeed } from "@/lib/feed";
import { logError } from "@/lib/log";

export const metadata: Metadata = { title: "My Friends" };

/**
 * The first page of the feed is in the HTML (as the diary's day is, docs/decisions/020), read from
 * the database and handed to the client's cache; 'Load more...' then asks the API with the cursor
 * it came with. Should the read fail, the page still renders and the browser asks for itself, with
 * the feed's own error view and Try Again (docs/decisions/027-feed-page.md).
 */
export default async function CloseCirclePage() {
  const user = await requirePageUser();
  const queryClient = new QueryClient();
  try {
    const first = await listCloseCircleFeed({ db: getDb(), readDb: await getReadDbForPage(), viewerId: user.id, page: 1, limit: FEED_PAGE_SIZE });
    // The same JSON the API answers (lib/contract's FeedPage).
    queryClient.setQueryData<FeedData>(feedKeys.all, { pages: [first], pageParams: [null] });
  } catch (err) {
    logError("feed", "Could not read the first feed page for the server render", err);
  }

  return (
    <>
      <PageHeading title="Close Circle">Entries shared by your friends.</PageHeading>
      <FeedQuote />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <CloseCircleFeed />
      </HydrationBoundary>
    </>
  );
}
