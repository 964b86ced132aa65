import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { CloseCircleFeed } from "@/components/feed/close-circle-feed";
import { FeedQuote } from "@/components/feed/feed-quote";
import { requirePageUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "My Friends" };

export default async function CloseCirclePage() {
  await requirePageUser();
  return (
    <>
      <PageHeading title="Close Circle">Stories shared by your friends.</PageHeading>
      <FeedQuote />
      <CloseCircleFeed />
    </>
  );
}
