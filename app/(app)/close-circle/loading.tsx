import { PageHeading } from "@/components/app/page-heading";
import { FeedLoading } from "@/components/feed/feed-states";
import { FeedQuote } from "@/components/feed/feed-quote";

// While the server reads the first page: the feed's own frame and words, not the app's generic line.
export default function Loading() {
  return (
    <>
      <PageHeading title="Close Circle">Entries shared by your friends.</PageHeading>
      <FeedQuote />
      <FeedLoading />
    </>
  );
}
