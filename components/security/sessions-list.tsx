"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Monitor } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  deviceName,
  endOtherSessions,
  endSession,
  securityKeys,
  sessionsQuery,
  type SessionInfo,
} from "@/client/security";
import { notify } from "@/client/toasts";
import { RelativeTime } from "@/components/app/relative-time";
import { relativeTimeInSentence } from "@/lib/dates/relative-time";

/**
 * "Where you're signed in" (docs/product.md "Security", docs/decisions/070): each session with its
 * browser, system and when it was last used; Sign out for any but this one, and for all of them.
 */
export function SessionsList() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // After a sign-out the focus goes to the next session's button (the previous one's at the end),
  // or to the heading when none is left, never to the page's body.
  const focusNext = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (focusNext.current === undefined) return;
    const id = focusNext.current;
    focusNext.current = undefined;
    ((id && buttons.current.get(id)) || heading.current)?.focus();
  }, [sessions.data]);

  const end = useMutation({
    mutationFn: (s: SessionInfo) => endSession(s.id),
    onSuccess: (_, s) => {
      const others = (sessions.data ?? []).filter((x) => !x.current);
      const at = others.findIndex((x) => x.id === s.id);
      focusNext.current = (others[at + 1] ?? others[at - 1])?.id ?? null;
      queryClient.setQueryData<SessionInfo[]>(securityKeys.sessions, (list) => list?.filter((x) => x.id !== s.id));
      notify.success(`${deviceName(s)} is signed out`, { important: true });
    },
    onError: (error) => notify.error(error.message),
  });
  const endOthers = useMutation({
    mutationFn: endOtherSessions,
    onSuccess: (ended) => {
      setAsking(false);
      focusNext.current = null;
      queryClient.setQueryData<SessionInfo[]>(securityKeys.sessions, (list) => list?.filter((x) => x.current));
      notify.success(ended === 1 ? "Signed out of 1 other session" : `Signed out of ${ended} other sessions`, {
        important: true,
      });
    },
    onError: (error) => notify.error(error.message),
  });

  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm"
    >
      <h2 id="sessions-heading" ref={heading} tabIndex={-1} className="font-serif text-xl font-semibold text-leather">
        Where you’re signed in
      </h2>
      {sessions.isPending ? (
        <p role="status" className="mt-2 text-sm text-ink-soft">
          Loading…
        </p>
      ) : sessions.isError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 text-sm">
          <span className="text-danger">{sessions.error.message}</span>
          <button
            type="button"
            onClick={() => void sessions.refetch()}
            className="font-semibold text-accent underline-offset-2 hover:underline"
          >
            Retry
          </button>
        </div>
      ) : (
        <>
          <ul className="mt-3 flex flex-col divide-y divide-ink-soft/15">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 py-3">
                <Monitor aria-hidden className="size-6 shrink-0 text-ink-soft" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-semibold break-words text-ink">
                    {deviceName(s)}
                    {s.current ? (
                      <span className="ml-2 rounded bg-accent/15 px-1.5 py-0.5 text-xs font-semibold text-ink">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-ink-soft">
                    Signed in <RelativeTime iso={s.createdAt} inSentence /> · last active{" "}
                    <RelativeTime iso={s.lastUsedAt} inSentence />
                  </p>
                </div>
                {s.current ? null : (
                  <BusyButton
                    ref={(el) => {
                      if (el) buttons.current.set(s.id, el);
                      else buttons.current.delete(s.id);
                    }}
                    type="button"
                    variant="secondary"
                    busy={end.isPending && end.variables?.id === s.id}
                    busyLabel="Signing out…"
                    onClick={() => end.mutate(s)}
                    className="px-3 py-1.5 text-sm"
                    aria-label={`Sign out ${deviceName(s)}, last active ${relativeTimeInSentence(new Date(s.lastUsedAt))}`}
                  >
                    Sign out
                  </BusyButton>
                )}
              </li>
            ))}
          </ul>
          {others.length ? (
            <button
              type="button"
              onClick={() => setAsking(true)}
              className="mt-3 inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-semibold text-danger underline-offset-2 hover:underline"
            >
              <LogOut aria-hidden className="size-4" />
              Sign out everywhere else
            </button>
          ) : (
            <p className="mt-3 text-sm text-ink-soft">You are signed in here only.</p>
          )}
          <ConfirmDialog
            open={asking}
            title="Sign out everywhere else?"
            confirmLabel="Sign out"
            busyLabel="Signing out…"
            destructive
            busy={endOthers.isPending}
            onConfirm={() => endOthers.mutate()}
            onCancel={() => setAsking(false)}
            focusWhenOpenerGone={() => heading.current}
          >
            Every other browser and device signed in to your account is signed out at once. This one stays signed in.
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
