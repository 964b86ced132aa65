"use client";

import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/app/use-hydrated";
import { ReportButton } from "@/components/reports/report-button";
import { Avatar } from "@/components/ui/avatar";
import { BusyButton } from "@/components/ui/busy-button";
import { LoadMore } from "@/components/ui/load-more";
import { TextAreaField } from "@/components/ui/text-area-field";
import { useForm } from "@/components/ui/use-form";
import { notify } from "@/client/toasts";
import { Refusal } from "@/client/refusals";
import {
  deleteReply,
  repliesQuery,
  replyKeys,
  sendReply,
  type RepliesPage,
  type ReplyMessage,
  type ReplyThread,
} from "@/client/replies";
import { RelativeTime } from "@/components/app/relative-time";
import type { FieldIssue } from "@/lib/errors";
import { countCharacters } from "@/lib/validation/graphemes";
import { REPLY_MAX, REPLY_REQUIRED_MESSAGE, REPLY_TOO_LONG_MESSAGE } from "@/lib/replies/limits";
import { REPLY_DELETED_MESSAGE } from "@/lib/contract/messages";

type Entry = RepliesPage["journal"];

/** Who a message is from, as the caller may know it: themselves, the reader, the writer (never named on an anonymous entry to a reader). */
function senderName(m: ReplyMessage, entry: Entry, thread: ReplyThread): string {
  if (m.mine) return "You";
  if (m.from === "reader") return thread.reader.name;
  return entry.writer?.name ?? "The writer";
}

interface MessageProps {
  m: ReplyMessage;
  entry: Entry;
  thread: ReplyThread;
  onDelete: () => void;
  deleting: boolean;
}

function Message({ m, entry, thread, onDelete, deleting }: MessageProps) {
  return (
    <li
      className={`flex flex-col gap-1 rounded-lg px-3 py-2 text-sm ${m.mine ? "ml-6 bg-accent/10 sm:ml-16" : "mr-6 bg-ink-soft/10 sm:mr-16"}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-ink-soft">
        <span className="font-semibold text-ink">{senderName(m, entry, thread)}</span>
        <RelativeTime iso={m.createdAt} />
        {m.mine ? (
          <button
            type="button"
            onClick={onDelete}
            aria-disabled={deleting || undefined}
            className="ml-auto inline-flex min-h-8 items-center gap-1 rounded px-1 text-ink-soft underline-offset-2 hover:text-danger hover:underline"
          >
            <Trash2 aria-hidden className="size-3.5" />
            Delete
            <span className="sr-only">
              {" "}
              your reply from <RelativeTime iso={m.createdAt} inSentence />
            </span>
          </button>
        ) : (
          <ReportButton
            target={{ replyId: m.id }}
            what={`this reply from ${senderName(m, entry, thread)}`}
            className="ml-auto min-h-8 text-xs"
          />
        )}
      </p>
      <p dir="auto" className="break-words whitespace-pre-wrap text-ink">
        {m.text}
      </p>
    </li>
  );
}

interface ReplyFormProps {
  journalId: string;
  threadWith?: string;
  label: string;
  onSent: () => void;
}

/** The box under a thread: the text counted as a person sees it, its message beside it, Send. */
function ReplyForm({ journalId, threadWith, label, onSent }: ReplyFormProps) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState("");
  const count = countCharacters(text.trim());
  const { formProps, errors, busy } = useForm({
    values: () => ({ text, ...(threadWith ? { threadWith } : {}) }),
    check: ({ text }): FieldIssue[] => {
      const n = countCharacters(text.trim());
      const problem = n === 0 ? REPLY_REQUIRED_MESSAGE : n > REPLY_MAX ? REPLY_TOO_LONG_MESSAGE : null;
      return problem ? [{ path: "text", message: problem }] : [];
    },
    send: (body) => sendReply(journalId, body),
    onSuccess: () => {
      setText("");
      onSent();
      field.current?.focus();
    },
    // A refusal of the text shows beside it (and takes the focus there); anything else is a toast.
    onError: (error) => {
      if (!(error instanceof Refusal && error.fieldErrors.some((f) => f.path === "text"))) notify.error(error.message);
    },
  });

  return (
    <form {...formProps} className="mt-3 flex flex-col gap-1.5">
      <TextAreaField
        id={`reply-${id}`}
        ref={field}
        label={label}
        name="text"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        errors={errors.text}
        counter={{ text: `${count}/${REPLY_MAX} characters`, warn: count > REPLY_MAX }}
      />
      <div className="flex justify-end">
        <BusyButton type="submit" busy={busy} busyLabel="Sending…" className="px-4 py-2 text-sm">
          Send
        </BusyButton>
      </div>
    </form>
  );
}

interface ThreadProps {
  entry: Entry;
  thread: ReplyThread;
  threadKey: string;
  refresh: () => void;
  onDeleted: (threadKey: string) => void;
}

function Thread({ entry, thread, threadKey, refresh, onDeleted }: ThreadProps) {
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = async (m: ReplyMessage) => {
    if (deleting) return;
    setDeleting(m.id);
    try {
      await deleteReply(entry.id, m.id);
      notify.success(REPLY_DELETED_MESSAGE);
      onDeleted(threadKey);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDeleting(null);
    }
  };
  const other = entry.mine ? thread.reader.name : (entry.writer?.name ?? "the writer");
  return (
    <>
      <ul
        aria-label={entry.mine ? `Conversation with ${thread.reader.name}` : "Your conversation"}
        className="flex flex-col gap-2"
      >
        {thread.messages.map((m) => (
          <Message
            key={m.id}
            m={m}
            entry={entry}
            thread={thread}
            deleting={deleting === m.id}
            onDelete={() => void remove(m)}
          />
        ))}
      </ul>
      {thread.canReply ? (
        <ReplyForm
          journalId={entry.id}
          threadWith={entry.mine ? thread.reader.id : undefined}
          label={entry.mine ? `Reply to ${other}` : `Reply privately to ${other}`}
          onSent={refresh}
        />
      ) : (
        <p className="mt-3 text-sm text-ink-soft">
          <bdi>{thread.reader.name}</bdi> can no longer read this entry, so the conversation has ended.
        </p>
      )}
    </>
  );
}

/**
 * One entry's private replies (docs/product.md "Private replies"): the writer sees every reader's
 * thread and answers each; a reader sees only their own and writes to the writer, who on an
 * anonymous entry stays "The writer".
 */
export function ReplyThreads({ journalId }: { journalId: string }) {
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const replies = useInfiniteQuery(repliesQuery(journalId));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: replyKeys.entry(journalId) });
  // After deleting one's own message, once the thread is shown again without it, the focus goes to
  // that thread's reply box (or to the entry's title when the thread went with it or has ended),
  // never to the page's body.
  const root = useRef<HTMLDivElement>(null);
  const focusAfterDelete = useRef<string | null>(null);
  useEffect(() => {
    const key = focusAfterDelete.current;
    if (!key || !root.current) return;
    focusAfterDelete.current = null;
    (
      root.current.querySelector<HTMLElement>(`[data-thread="${key}"] textarea`) ??
      root.current.querySelector<HTMLElement>("h2")
    )?.focus();
  }, [replies.data]);
  const deleted = (key: string) => {
    focusAfterDelete.current = key;
    refresh();
  };

  if (replies.isPending || !hydrated)
    return (
      <p role="status" className="text-sm text-ink-soft">
        Loading replies…
      </p>
    );
  if (replies.isError && !replies.data)
    return (
      <div role="alert" className="flex flex-col gap-2 text-sm">
        <p className="text-danger">{replies.error.message}</p>
        <Link href="/close-circle" className="font-semibold text-accent underline-offset-2 hover:underline">
          Back to the close circle
        </Link>
      </div>
    );

  const entry = replies.data.pages[0]!.journal;
  const threads = replies.data.pages.flatMap((p) => p.threads);
  const writerName = entry.writer && !entry.mine ? entry.writer.name : "the writer";
  return (
    <div ref={root} className="flex flex-col gap-6">
      <div className="rounded-lg border border-ink-soft/20 bg-paper p-4 shadow-sm sm:p-6">
        <p className="text-sm text-ink-soft">
          {entry.mine ? "Your entry" : entry.isAnonymous ? "An anonymous entry" : `An entry by ${writerName}`} of{" "}
          <time dateTime={entry.journalDate}>
            {new Date(`${entry.journalDate}T00:00:00Z`).toLocaleDateString(undefined, {
              dateStyle: "long",
              timeZone: "UTC",
            })}
          </time>
        </p>
        <h2 tabIndex={-1} className="text-xl font-semibold break-words text-leather">
          “<bdi>{entry.title}</bdi>”
        </h2>
        <p className="mt-2 text-sm text-ink-soft">
          {entry.mine
            ? `Each reader's conversation is theirs and yours alone: other friends never see it.${entry.isAnonymous ? " This entry is anonymous: readers see your messages as from “The writer”, never your name." : ""}`
            : entry.isAnonymous
              ? "Only you and the writer see this conversation. The writer stays anonymous: you will not be told who they are."
              : `Only you and ${writerName} see this conversation.`}
        </p>
      </div>

      {entry.mine ? (
        threads.length === 0 ? (
          <p className="text-sm text-ink-soft">
            No replies yet. When a friend answers this entry privately, their conversation shows here.
          </p>
        ) : (
          threads.map((t) => (
            <section
              key={t.reader.id}
              data-thread={t.reader.id}
              aria-labelledby={`thread-${t.reader.id}`}
              className="rounded-lg border border-ink-soft/20 bg-paper p-4 shadow-sm sm:p-6"
            >
              <h3 id={`thread-${t.reader.id}`} className="mb-3 flex items-center gap-2 font-semibold">
                <Avatar name={t.reader.name} image={t.reader.profileImage} size="xs" />
                <Link href={`/public/${t.reader.id}`} className="underline-offset-2 hover:underline">
                  {t.reader.name}
                </Link>
              </h3>
              <Thread entry={entry} thread={t} refresh={refresh} threadKey={t.reader.id} onDeleted={deleted} />
            </section>
          ))
        )
      ) : (
        <section
          data-thread="mine"
          aria-label="Your conversation"
          className="rounded-lg border border-ink-soft/20 bg-paper p-4 shadow-sm sm:p-6"
        >
          {threads[0] ? (
            <Thread entry={entry} thread={threads[0]} refresh={refresh} threadKey="mine" onDeleted={deleted} />
          ) : (
            <>
              <p className="text-sm text-ink-soft">Nothing said yet.</p>
              <ReplyForm journalId={entry.id} label={`Reply privately to ${writerName}`} onSent={refresh} />
            </>
          )}
        </section>
      )}
      <LoadMore
        hasMore={replies.hasNextPage}
        loading={replies.isFetchingNextPage}
        onMore={() => void replies.fetchNextPage()}
      />
    </div>
  );
}
