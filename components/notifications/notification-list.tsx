"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { AnswerButtons } from "@/components/friends/answer-buttons";
import { Avatar } from "@/components/ui/avatar";
import { BusyButton } from "@/components/ui/busy-button";
import { LoadMore } from "@/components/ui/load-more";
import { notify } from "@/client/toasts";
import {
  inboxQuery,
  markRead,
  notificationKeys,
  unreadCountOf,
  withRead,
  type InboxData,
  type Notification,
} from "@/client/notifications";
import { RelativeTime } from "@/components/app/relative-time";
import { READ_IDS_MAX } from "@/lib/notifications/limits";

const link = "font-semibold text-ink underline-offset-2 hover:underline";

/** Characters no message holds: where who did it and the entry go in the formatted words. */
const WHO = "\uE001";
const TITLE = "\uE002";

/** A sentence formatted with `WHO` and `TITLE` for its arguments, the elements put in their places. */
function sentenceOf(words: string, who: ReactNode, title: ReactNode): ReactNode {
  return words
    .split(/(\uE001|\uE002)/u)
    .map((part, i) => <Fragment key={i}>{part === WHO ? who : part === TITLE ? title : part}</Fragment>);
}

/**
 * What happened, as a sentence whose names are links: the person's profile, the entry's day in the
 * diary. A name and a title keep their own direction inside it (`<bdi>`, docs/decisions/141).
 */
function Sentence({ n }: { n: Notification }) {
  const t = useTranslations("community.notifications");
  const who = n.actor ? (
    <Link href={`/public/${n.actor.id}`} className={link}>
      <bdi>{n.actor.name}</bdi>
    </Link>
  ) : (
    // The writer of an anonymous entry answering: never named (docs/decisions/066).
    <span className="font-semibold text-ink">{t("theWriter")}</span>
  );
  if (n.kind === "reply")
    return sentenceOf(
      t("reply", { who: WHO, title: TITLE }),
      who,
      <Link href={`/replies/${n.journalId}`} className={link}>
        “<bdi>{n.journalTitle}</bdi>”
      </Link>,
    );
  if (n.kind === "friend-request") return sentenceOf(t("friendRequest", { who: WHO }), who, null);
  if (n.kind === "friend-accepted") return sentenceOf(t("friendAccepted", { who: WHO }), who, null);
  return sentenceOf(
    t("hearted", { who: WHO, title: TITLE, count: Math.max(0, n.actorCount - 1) }),
    who,
    n.journalDate ? (
      <Link href={`/my-diary?day=${n.journalDate}`} className={link}>
        “<bdi>{n.journalTitle}</bdi>”
      </Link>
    ) : (
      <>
        “<bdi>{n.journalTitle}</bdi>”
      </>
    ),
  );
}

const ANSWERED = { accepted: "youAccepted", rejected: "youDeclined" } as const;

/**
 * The activity inbox (docs/product.md "Notifications"), in the navigation's panel and on
 * /notifications: every kind, newest first, a pending request with Accept and Reject. Shown, the
 * unread ones are marked read on the server (the badge drops) but keep their "new" look until the
 * list is asked again; "Mark all read" clears them at once. After an answer the focus moves to the
 * next notification (or stays on this one, the last), never to the page.
 */
export function NotificationList({ headingId }: { headingId?: string }) {
  const queryClient = useQueryClient();
  const t = useTranslations("community.notifications");
  const inbox = useInfiniteQuery(inboxQuery());
  const hydrated = useHydrated();
  const items = useRef(new Map<string, HTMLLIElement>());
  const markedOnOpen = useRef(false);

  const setUnread = (count: number, read?: Set<string> | "all") =>
    queryClient.setQueryData<InboxData>(notificationKeys.inbox, (d) =>
      read
        ? withRead(d, read, count)
        : d && { ...d, pages: d.pages.map((p, i) => (i === 0 ? { ...p, unreadCount: count } : p)) },
    );
  // What was unread when the list was first shown keeps its "new" look while the list is open,
  // even once the server has it read (the refresh the read itself causes included).
  const [newOnOpen, setNewOnOpen] = useState<ReadonlySet<string> | null>(null);
  const markAll = useMutation({
    mutationFn: () => markRead({ all: true }),
    onSuccess: (count) => {
      setNewOnOpen(new Set());
      setUnread(count, "all");
    },
    onError: (error) => notify.error(error.message),
  });

  const all = inbox.data?.pages.flatMap((p) => p.data) ?? [];
  const isNew = (n: Notification) => n.readAt === null || !!newOnOpen?.has(n.id);
  const unreadShown = all.filter((n) => n.readAt === null).map((n) => n.id);
  if (newOnOpen === null && inbox.isSuccess) setNewOnOpen(new Set(unreadShown));

  useEffect(() => {
    if (markedOnOpen.current || !inbox.isSuccess) return;
    markedOnOpen.current = true;
    if (!unreadShown.length) return;
    // Seen is read: the badge drops; the rows keep their "new" look while this list is open.
    markRead({ ids: unreadShown.slice(0, READ_IDS_MAX) }).then(
      (count) => setUnread(count),
      () => {},
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the list is first shown
  }, [inbox.isSuccess]);

  const focusAfter = (id: string) => {
    const at = all.findIndex((n) => n.id === id);
    const next = all[at + 1] ?? all[at];
    if (next) items.current.get(next.id)?.focus();
  };

  if (inbox.isPending || !hydrated) return <p className="text-sm text-ink-soft">{t("loading")}</p>;
  if (inbox.isError && !inbox.data)
    return (
      <p role="alert" className="text-sm text-danger">
        {inbox.error.message}
      </p>
    );
  if (all.length === 0)
    return (
      <p className="text-sm text-ink-soft">
        {t("empty")} <span className="block">{t("emptyHint")}</span>
      </p>
    );

  return (
    <div>
      {unreadCountOf(inbox.data) > 0 || all.some(isNew) ? (
        <div className="mb-2 flex justify-end">
          <BusyButton
            type="button"
            variant="secondary"
            busy={markAll.isPending}
            busyLabel={t("marking")}
            onClick={() => markAll.mutate()}
            className="px-3 py-1.5 text-sm"
          >
            {t("markAll")}
          </BusyButton>
        </div>
      ) : null}
      <ul aria-labelledby={headingId} className="divide-y divide-ink-soft/15">
        {all.map((n) => {
          const unread = isNew(n);
          return (
            <li
              key={n.id}
              ref={(el) => {
                if (el) items.current.set(n.id, el);
                else items.current.delete(n.id);
              }}
              tabIndex={-1}
              className={`flex gap-3 py-3 outline-offset-2 ${unread ? "-mx-2 rounded-md bg-accent/8 px-2" : ""}`}
            >
              <Avatar name={n.actor?.name ?? t("theWriter")} image={n.actor?.profileImage ?? null} />
              <div className="min-w-0 flex-1 text-sm">
                <p className="text-ink">
                  {unread ? <span className="sr-only">{t("new")} </span> : null}
                  <Sentence n={n} />
                </p>
                <p className="text-xs text-ink-soft">
                  <RelativeTime iso={n.createdAt} />
                  {n.kind === "friend-request" && n.requestStatus && n.requestStatus !== "pending"
                    ? ` · ${t(ANSWERED[n.requestStatus])}`
                    : ""}
                </p>
                {n.kind === "friend-request" && n.requestStatus === "pending" && n.requestId && n.actor ? (
                  <div className="mt-2">
                    <AnswerButtons
                      request={{ _id: n.requestId, from: n.actor, createdAt: n.createdAt }}
                      compact
                      onAnswer={() => focusAfter(n.id)}
                    />
                  </div>
                ) : null}
              </div>
              {unread ? <span aria-hidden className="mt-2 size-2 shrink-0 rounded-full bg-badge" /> : null}
            </li>
          );
        })}
      </ul>
      <LoadMore
        hasMore={inbox.hasNextPage}
        loading={inbox.isFetchingNextPage}
        onMore={() => void inbox.fetchNextPage()}
      />
    </div>
  );
}
