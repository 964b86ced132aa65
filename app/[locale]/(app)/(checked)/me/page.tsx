import { checkedPage } from "@/components/app/database-unavailable";
import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MyProfileScreen } from "@/components/me/my-profile";
import { requirePageUser } from "@/lib/auth/current-user";
import { config } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { countCloseFriends } from "@/lib/friends";
import { getMyProfile } from "@/lib/users";
import { meKeys } from "@/lib/query-keys";
import { logError } from "@/lib/log";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("me.profile"))("title") };
}

/**
 * My profile (docs/product.md §2). The server hands the client's cache what it can read at once, as the
 * diary and the feed do (docs/decisions/020, 027); a failed read only means the browser asks itself.
 */
async function MePage() {
  const user = await requirePageUser();
  const queryClient = new QueryClient();
  try {
    const db = getDb();
    const [profile, friends] = await Promise.all([
      getMyProfile({ db, userId: user.id }),
      countCloseFriends({ db, userId: user.id }),
    ]);
    // The same JSON GET /api/myprofile and /community/count answer.
    queryClient.setQueryData(meKeys.profile, profile);
    queryClient.setQueryData(meKeys.friendCount, friends);
  } catch (err) {
    logError("me", "Could not read the profile for the server render", err);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MyProfileScreen feedbackUrl={config().FEEDBACK_URL ?? null} />
    </HydrationBoundary>
  );
}

export default checkedPage(MePage);
