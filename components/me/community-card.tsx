"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, UserMinus, Users } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { ProfileHeader } from "@/components/ui/profile-header";
import { feedKeys } from "@/client/feed";
import { friendKeys } from "@/client/friends";
import {
  type CloseFriend,
  closeFriendsQuery,
  friendCountQuery,
  meKeys,
  removeCloseFriend,
  COMMUNITY_LOAD_FAILED,
  FRIENDS_LOAD_FAILED,
} from "@/client/me";
import { notify } from "@/client/toasts";
import { FRIEND_REMOVED_MESSAGE } from "@/lib/contract/messages";

/**
 * Shows a query's failure as docs/product.md §8's toast. A poll and a refetch on focus can fail one
 * after the other: the toast's id makes the second replace the first rather than stack a twin.
 */
function useErrorToast(isError: boolean, errorUpdatedAt: number, message: string) {
  useEffect(() => {
    if (isError) notify.error(message, { id: message });
  }, [isError, errorUpdatedAt, message]);
}

/** The Community card (docs/product.md §2): how many close friends I have; it opens the 'My Friends' list. */
export function CommunityCard() {
  const t = useTranslations("me.community");
  const count = useQuery(friendCountQuery());
  const [open, setOpen] = useState(false);
  useErrorToast(count.isError, count.errorUpdatedAt, COMMUNITY_LOAD_FAILED);

  const n = count.data;
  return (
    <section
      aria-labelledby="community-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="community-heading" className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 flex w-full items-center gap-4 rounded-md border border-ink-soft/30 bg-paper p-3 text-left hover:bg-paper-deep"
      >
        <Users aria-hidden className="size-8 shrink-0 text-accent" />
        <span className="flex flex-col">
          <span className="text-2xl font-semibold text-ink" aria-live="polite">
            {n === undefined ? (count.isError ? "—" : "…") : n}
          </span>
          <span className="text-sm text-ink-soft">{t("friends", { count: n ?? 0 })}</span>
        </span>
      </button>
      <ModalDialog open={open} onClose={() => setOpen(false)} title={t("myFriends")}>
        <FriendsList />
      </ModalDialog>
    </section>
  );
}

function FriendsList() {
  const t = useTranslations("me.community");
  const friends = useQuery(closeFriendsQuery());
  const [asked, setAsked] = useState<CloseFriend | null>(null);
  const queryClient = useQueryClient();
  // After a removal the focus goes to the next row's Remove button (the previous one's at the end
  // of the list), or to the list's empty state, not to the top of the modal.
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRemoval = useRef<string | null>(null);
  const emptyState = useRef<HTMLDivElement>(null);
  useErrorToast(friends.isError, friends.errorUpdatedAt, FRIENDS_LOAD_FAILED);

  const remove = useMutation({
    mutationFn: (friend: CloseFriend) => removeCloseFriend(friend.id),
    onSuccess: (newCount, friend) => {
      const list = friends.data ?? [];
      const at = list.findIndex((f) => f.id === friend.id);
      focusAfterRemoval.current = (list[at + 1] ?? list[at - 1])?.id ?? null;
      queryClient.setQueryData<CloseFriend[]>(meKeys.friends, (list) => list?.filter((f) => f.id !== friend.id));
      queryClient.setQueryData(meKeys.friendCount, newCount);
      // Their profile's button no longer says Friends, and their entries leave my feed.
      void queryClient.invalidateQueries({ queryKey: friendKeys.status(friend.id) });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
      notify.success(FRIEND_REMOVED_MESSAGE);
      setAsked(null);
    },
    onError: (error) => {
      notify.error(error.message);
      setAsked(null);
    },
  });

  if (friends.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-ink-soft">
        <LoaderCircle aria-hidden className="size-5 animate-spin" />
        {t("loading")}
      </p>
    );
  }
  if (friends.isError) {
    return (
      <p role="alert" className="py-4 font-semibold text-danger">
        {t("loadFailed")}
      </p>
    );
  }
  if (friends.data.length === 0) {
    return (
      <div ref={emptyState} tabIndex={-1} className="py-4 text-ink-soft">
        <p>{t("empty")}</p>
        <p className="mt-1 text-sm">{t("emptyHint")}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-rule">
        {friends.data.map((friend) => (
          <li key={friend.id} className="flex items-center gap-3 py-3">
            <ProfileHeader
              variant="row"
              href={`/public/${friend.id}`}
              person={{
                name: friend.name,
                username: friend.username,
                profileImage: friend.profileImage,
                location: friend.location,
                since: friend.memberSince,
              }}
            />
            <button
              type="button"
              ref={(el) => {
                if (el) removeButtons.current.set(friend.id, el);
                else removeButtons.current.delete(friend.id);
              }}
              onClick={() => setAsked(friend)}
              aria-label={t("removeName", { name: friend.name })}
              className={buttonClass("danger", "shrink-0 px-3")}
            >
              <UserMinus aria-hidden className="size-4" />
              <span className="max-[479px]:sr-only">{t("remove")}</span>
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asked !== null}
        title={t("removeTitle")}
        confirmLabel={t("remove")}
        busyLabel={t("removing")}
        destructive
        busy={remove.isPending}
        onConfirm={() => asked && remove.mutate(asked)}
        onCancel={() => setAsked(null)}
        focusWhenOpenerGone={() =>
          focusAfterRemoval.current === null ? emptyState.current : removeButtons.current.get(focusAfterRemoval.current)
        }
      >
        {asked ? t("removeText", { name: asked.name }) : null}
      </ConfirmDialog>
    </>
  );
}
