"use client";

import { useSessionUser } from "@/components/app/signed-in-frame";
import { DiaryViews } from "./diary-views";
import { DiarySkeleton } from "./page-sheet";

/**
 * /my-diary's views in the static shell (docs/decisions/084): the writer's today comes from the
 * browser's clock and the day from the address, both known only here; the person from the session's
 * answer. Until then, the ruled skeleton.
 */
export function MyDiaryViews() {
  const user = useSessionUser();
  if (!user) return <DiarySkeleton />;
  return <DiaryViews userId={user.id} serverToday={null} serverDay={null} />;
}
