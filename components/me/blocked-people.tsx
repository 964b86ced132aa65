"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Avatar } from "@/components/ui/avatar";
import { BusyButton } from "@/components/ui/busy-button";
import { blockedQuery, mutedQuery, safetyKeys, setSafety, type ListedPerson } from "@/client/blocks";
import { feedKeys } from "@/client/feed";
import { notify } from "@/client/toasts";

function People({ kind, people }: { kind: "block" | "mute"; people: ListedPerson[] }) {
  const t = useTranslations("me.blocked");
  const queryClient = useQueryClient();
  const lift = useMutation({
    mutationFn: (p: ListedPerson) => setSafety(kind, p.user.id, false),
    onSuccess: (_, p) => {
      notify.success(t(kind === "block" ? "unblocked" : "unmuted", { name: p.user.name }));
      void queryClient.invalidateQueries({ queryKey: kind === "block" ? safetyKeys.blocked : safetyKeys.muted });
      void queryClient.invalidateQueries({ queryKey: feedKeys.all });
    },
    onError: (error) => notify.error(error.message),
  });
  const label = kind === "block" ? t("unblock") : t("unmute");
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
            busyLabel={kind === "block" ? t("unblocking") : t("unmuting")}
            onClick={() => lift.mutate(p)}
            className="px-3 py-1.5 text-sm"
            aria-label={t(kind === "block" ? "unblockName" : "unmuteName", { name: p.user.name })}
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
  const t = useTranslations("me.blocked");
  const blocked = useQuery(blockedQuery());
  const muted = useQuery(mutedQuery());
  return (
    <section aria-labelledby="safety-heading" className="rounded-lg border border-ink-soft/20 bg-surface p-5 shadow-sm">
      <h2 id="safety-heading" className="font-serif text-xl font-semibold text-leather">
        {t("heading")}
      </h2>
      {blocked.isPending || muted.isPending ? (
        <p role="status" className="mt-2 text-sm text-ink-soft">
          {t("loading")}
        </p>
      ) : blocked.isError || muted.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {(blocked.error ?? muted.error)?.message}
        </p>
      ) : (
        <>
          <h3 className="mt-3 text-sm font-semibold text-ink">{t("blocked")}</h3>
          {blocked.data.length ? (
            <People kind="block" people={blocked.data} />
          ) : (
            <p className="mt-1 text-sm text-ink-soft">{t("noneBlocked")}</p>
          )}
          <h3 className="mt-4 text-sm font-semibold text-ink">{t("muted")}</h3>
          {muted.data.length ? (
            <People kind="mute" people={muted.data} />
          ) : (
            <p className="mt-1 text-sm text-ink-soft">{t("noneMuted")}</p>
          )}
        </>
      )}
    </section>
  );
}
