"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { EyeOff, History, Lock } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { ApiError } from "@/client/api-error";
import { journalKeys, type Journal } from "@/client/journals";
import { deviceKeyQuery, lockKeys } from "@/client/lock/keys";
import { notify } from "@/client/toasts";
import {
  VERSIONS_LOAD_FAILED,
  changesOf,
  restoreVersion,
  versionKeys,
  versionsQuery,
  type PageVersion,
} from "@/client/versions";
import { BusyButton } from "@/components/ui/busy-button";
import { FormattedText } from "@/components/ui/formatted-text";
import { buttonClass } from "@/components/ui/button-styles";
import { ModalDialog } from "@/components/ui/modal-dialog";
import { RetryStatus } from "@/components/ui/retry-status";
import { VERSION_DAYS, VERSION_RESTORED_MESSAGE, VERSIONS_MAX } from "@/lib/journals/version-limits";
import { VISIBILITY_LABELS } from "@/lib/validation/journal-limits";

// A page's History (docs/decisions/127-every-earlier-version-kept.md): its earlier versions by time,
// each with what a restore would change, shown whole when chosen, and Restore, which keeps the page
// as it is now as a version too.

const when = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** "the title, the words and the photo": what restoring `version` would change on the page as it is. */
function difference(version: PageVersion, journal: Journal): string {
  const changed = changesOf(version, { ...journal, images: journal.images });
  if (!changed.length) return "Same as the page now";
  const names = changed.map((c) => `the ${c}`);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  return `Restoring changes ${list}`;
}

type Props = {
  journal: Journal;
  /** The diary's owner: a locked version opens with their key on this device. */
  owner: string;
  open: boolean;
  onClose: () => void;
  /** Edit the page with a locked version's words in the editor (the browser seals them again on Save). */
  onEditFrom: (words: Opened) => void;
};

type Opened = { title: string; content: string };

/**
 * The dialog opens while the versions load, its focus on its first control then; once they arrive,
 * the focus moves to what the dialog is for (the chosen version, or Close when there is none),
 * unless the person has moved it already.
 */
function useFocusOnArrival(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    // Only from where the dialog put it at its opening (its X, nothing inside being marked then): a
    // dialog opening with the versions here already finds them marked (data-autofocus) by itself,
    // and remembers its opener before that.
    const dialog = ref.current?.closest('[role="dialog"]');
    const active = document.activeElement;
    if (!dialog || !active || !dialog.contains(active) || active.getAttribute("aria-label") !== "Close") return;
    ref.current?.focus();
  }, [ref]);
}

function CloseButton({ onDone }: { onDone: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useFocusOnArrival(ref);
  return (
    <button ref={ref} type="button" onClick={onDone} className={buttonClass("secondary")} data-autofocus>
      Close
    </button>
  );
}

export function PageHistory({ open, onClose, ...rest }: Props) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Earlier versions">
      {open ? <Versions {...rest} onDone={onClose} /> : null}
    </ModalDialog>
  );
}

/**
 * A locked version's words, opened with this device's key (docs/decisions/127): the server cannot
 * seal them again at a new revision, so a restore puts them in the editor, and Save seals them.
 */
function useOpenedVersion(owner: string, version: PageVersion) {
  const key = useQuery({ ...deviceKeyQuery(owner), enabled: version.locked });
  return useQuery({
    queryKey: [...lockKeys.all, "version", owner, version.id],
    queryFn: async () => {
      const { openVersionWords } = await import("@/client/lock/actions");
      return key.data ? openVersionWords(owner, key.data, version) : null;
    },
    enabled: version.locked && key.data !== undefined,
    staleTime: Infinity,
    retry: false,
  });
}

function Versions({ journal, owner, onDone, onEditFrom }: Omit<Props, "open" | "onClose"> & { onDone: () => void }) {
  const queryClient = useQueryClient();
  // Asked anew at each open: another tab or device may have saved since.
  const versions = useQuery({ ...versionsQuery(journal.id), staleTime: 0 });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const restore = useMutation({
    mutationFn: (v: PageVersion) => restoreVersion(journal, v),
    onSuccess: (restored) => {
      queryClient.setQueryData<Journal | null>(journalKeys.day(restored.journaldate), restored);
      void queryClient.invalidateQueries({ queryKey: journalKeys.all });
      void queryClient.invalidateQueries({ queryKey: versionKeys.page(journal.id) });
      notify.success(VERSION_RESTORED_MESSAGE, {
        description: "The page as it was a moment ago is kept in its history too.",
      });
      onDone();
    },
    onError: (error) => {
      setRefusal(error.message);
      // Changed elsewhere since (412): the day is read again, and the versions with it.
      if (error instanceof ApiError && error.status === 412) {
        void queryClient.invalidateQueries({ queryKey: journalKeys.day(journal.journaldate) });
        void versions.refetch();
      }
    },
  });

  const intro = (
    <p className="text-sm text-ink-soft">
      Each time you save, the page as it was is kept here for {VERSION_DAYS} days (the {VERSIONS_MAX} newest). Only you
      see them.
    </p>
  );
  if (versions.isPending)
    return (
      <div className="flex flex-col gap-3">
        {intro}
        <p role="status" className="text-sm text-ink-soft">
          Loading earlier versions…
        </p>
      </div>
    );
  if (versions.isError)
    return (
      <div className="flex flex-col gap-3">
        {intro}
        <RetryStatus message={VERSIONS_LOAD_FAILED} onRetry={() => void versions.refetch()} />
      </div>
    );
  const list = versions.data;
  if (!list.length)
    return (
      <div className="flex flex-col gap-3">
        {intro}
        <p className="flex items-center gap-2 text-ink">
          <History aria-hidden className="size-4 text-accent" />
          No earlier versions yet: this page has not been changed since it was written.
        </p>
        <div className="flex justify-end">
          <CloseButton onDone={onDone} />
        </div>
      </div>
    );
  const chosen = list.find((v) => v.id === chosenId) ?? list[0]!;
  return (
    <Chosen
      {...{ journal, owner, list, chosen, intro, refusal, restore, onDone, onEditFrom }}
      onChoose={(id) => {
        setChosenId(id);
        setRefusal(null);
      }}
    />
  );
}

function Chosen({
  journal,
  owner,
  list,
  chosen,
  intro,
  refusal,
  restore,
  onDone,
  onEditFrom,
  onChoose,
}: {
  journal: Journal;
  owner: string;
  list: PageVersion[];
  chosen: PageVersion;
  intro: ReactNode;
  refusal: string | null;
  restore: { isPending: boolean; mutate: (v: PageVersion) => void };
  onDone: () => void;
  onEditFrom: (words: Opened) => void;
  onChoose: (id: string) => void;
}) {
  const opened = useOpenedVersion(owner, chosen);
  const chosenRadio = useRef<HTMLInputElement>(null);
  useFocusOnArrival(chosenRadio);
  const words = chosen.locked ? (opened.data ?? null) : null;

  return (
    <div className="flex flex-col gap-3">
      {intro}
      <fieldset className="min-w-0">
        <legend className="sr-only">Choose a version</legend>
        <ul className="max-h-56 divide-y divide-ink-soft/20 overflow-y-auto rounded-md border border-ink-soft/20">
          {list.map((v) => (
            <li key={v.id}>
              <label className="flex cursor-pointer items-start gap-3 px-3 py-2 has-[:checked]:bg-paper-deep has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent">
                <input
                  type="radio"
                  name="version"
                  value={v.id}
                  checked={v.id === chosen.id}
                  onChange={() => onChoose(v.id)}
                  className="mt-1.5 accent-accent"
                  ref={v.id === chosen.id ? chosenRadio : undefined}
                  // Found by the dialog when it opens with the versions already here; else useFocusOnArrival.
                  data-autofocus={v.id === chosen.id ? true : undefined}
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">Saved {when.format(new Date(v.writtenAt))}</span>
                  <span className="block text-sm text-ink-soft">
                    {v.locked ? "A locked version" : difference(v, journal)}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <VersionPreview version={chosen} opened={words} opening={chosen.locked && opened.isPending} />

      {refusal ? (
        <p role="alert" className="text-sm font-semibold text-danger">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} className={buttonClass("secondary")}>
          Close
        </button>
        {!chosen.locked ? (
          <BusyButton busy={restore.isPending} busyLabel="Restoring…" onClick={() => restore.mutate(chosen)}>
            Restore this version
          </BusyButton>
        ) : words ? (
          <button
            type="button"
            className={buttonClass("primary")}
            onClick={() => {
              onDone();
              onEditFrom(words);
              notify.info("The earlier words are in the editor", {
                description: "Save to keep them: the page as it is now stays in its history.",
              });
            }}
          >
            Put these words in the editor
          </button>
        ) : null}
      </div>
    </div>
  );
}

function VersionPreview({
  version,
  opened,
  opening,
}: {
  version: PageVersion;
  opened: Opened | null;
  opening: boolean;
}) {
  if (version.locked && !opened)
    return (
      <section aria-label="The chosen version" className="rounded-md border border-ink-soft/20 bg-paper p-3 text-sm">
        <p role="status" className="flex items-center gap-2 text-ink">
          <Lock aria-hidden className="size-4 text-accent" />
          {opening
            ? "Opening this locked version…"
            : "This version is sealed like the page and does not open on this device."}
        </p>
      </section>
    );
  if (version.locked && opened)
    return (
      <section
        aria-label="The chosen version"
        className="max-h-72 overflow-y-auto rounded-md border border-ink-soft/20 bg-paper p-3"
      >
        <h3 dir="auto" className="text-lg font-semibold break-words text-leather">
          {opened.title}
        </h3>
        <FormattedText text={opened.content} className="mt-2 font-serif break-words text-ink" />
        <p className="mt-3 flex items-center gap-1.5 text-sm text-ink-soft">
          <Lock aria-hidden className="size-3.5" /> Locked. Its photo, if it had one, stays sealed; the page keeps its
          own.
        </p>
      </section>
    );
  const { label } = VISIBILITY_LABELS[version.visibility];
  return (
    <section
      aria-label="The chosen version"
      className="max-h-72 overflow-y-auto rounded-md border border-ink-soft/20 bg-paper p-3"
    >
      <h3 dir="auto" className="text-lg font-semibold break-words text-leather">
        {version.title}
      </h3>
      <FormattedText text={version.content} className="mt-2 font-serif break-words text-ink" />
      {version.images[0] ? (
        // eslint-disable-next-line @next/next/no-img-element -- a signed URL of the writer's own photo, shown small
        <img
          src={version.images[0]}
          alt={version.imageDescription ?? "The photo of this version"}
          className="mt-3 max-h-40 rounded-md object-contain"
        />
      ) : (
        <p className="mt-3 text-sm text-ink-soft">No photo</p>
      )}
      <p className="mt-3 text-sm text-ink-soft">
        <span className="font-semibold text-ink">{label}</span>
        {version.isAnonymous ? (
          <span className="ml-2 inline-flex items-center gap-1">
            <EyeOff aria-hidden className="size-3.5" /> Anonymous
          </span>
        ) : null}
      </p>
    </section>
  );
}
