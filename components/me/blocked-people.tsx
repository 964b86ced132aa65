"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Avatar } from "@/components/ui/avatar";
import { BusyButton } from "@/components/ui/busy-button";
import { blockedQuery, mutedQuery, safetyKeys, setSafety, type ListedPerson } from "@/client/blocks";
import { feedKeys } from "@/client/feed";
import { notify } from "@/client/toasts";

function People({ kind, people }: { kind: "block" | "mute"; people: ListedPerson[] }) {
  const queryClient = useQueryClient();
  const lift = useMutation({
    mutationFn: (p: ListedPerson) => setSafety(kind, p.user.id, false),
    onSuccess: (_, p) => {
      notify.success(`${p.user.name} is ${kind === "block" ? "unblocked" : "unmuted"}`);
      void queryClient.invalidateQueries({ queryKey: kind === "block" ? safetyKeys.blocked : safetyKeys.muted });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
    onError: (error) => notify.error(error.message),
  });
  const label = kind === "block" ? "Unblock" : "Unmute";
  return (
    <ul className="mt-2 flex flex-col divide-y divide-ink-soft/15">
      {people.map((p) => (
        <li key={p.user.id} className="flex items-center gap-3 py-2">
          <Avatar name={p.user.name} image={p.user.profileImage} size="xs" />
          <span className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">
            {p.user.name} <span className="font-normal text-ink-soft">@{p.user.username}</span>
          </span>
          <BusyButton
            type="button"
            variant="secondary"
            busy={lift.isPending && lift.variables?.user.id === p.user.id}
            busyLabel={`${label}ing…`}
            onClick={() => lift.mutate(p)}
            className="px-3 py-1.5 text-sm"
            aria-label={`${label} ${p.user.name}`}
          >
            {label}
          </BusyButton>
        </li>
      ))}
    </ul>
  );
}

/** "Blocked and muted" on /me (docs/decisions/067): who, and a way to lift each. */
export function BlockedPeople() {
  const blocked = useQuery(blockedQuery());
  const muted = useQuery(mutedQuery());
  return (
    <section aria-labelledby="safety-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id="safety-heading" className="font-serif text-xl font-semibold text-leather">
        Blocked and muted
      </h2>
      {blocked.isPending || muted.isPending ? (
        <p role="status" className="mt-2 text-sm text-ink-soft">
          Loading…
        </p>
      ) : blocked.isError || muted.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {(blocked.error ?? muted.error)?.message}
        </p>
      ) : (
        <>
          <h3 className="mt-3 text-sm font-semibold text-ink">Blocked</h3>
          {blocked.data.length ? (
            <People kind="block" people={blocked.data} />
          ) : (
            <p className="mt-1 text-sm text-ink-soft">Nobody. Block someone from their profile.</p>
          )}
          <h3 className="mt-4 text-sm font-semibold text-ink">Muted</h3>
          {muted.data.length ? (
            <People kind="mute" people={muted.data} />
          ) : (
            <p className="mt-1 text-sm text-ink-soft">Nobody. A muted friend’s signed entries leave your feed.</p>
          )}
        </>
      )}
    </section>
  );
}
