"use client";

import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, type KeyboardEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { SEARCH_DEBOUNCE_MS, searchQuery, useDebouncedValue, type FoundUser } from "@/client/search";

type Props = {
  className?: string;
  autoFocus?: boolean;
  /** The results sit under the field in the page's flow (the phone's Search modal) instead of floating over it. */
  inline?: boolean;
  /** Called after a person is chosen, once their profile is on its way (the modal closes itself). */
  onChoose?: () => void;
};

/**
 * The user search of the navigation bar (docs/product.md §2, §7): a WAI-ARIA 1.2 combobox with a listbox
 * popup, the "list autocomplete" pattern (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/).
 * Built by hand: Radix has no combobox, and the pattern is small and fully specified, while a
 * library for it (Downshift, React Aria) would bring its own state model for one field. The focus
 * stays in the field; the highlighted option is announced through aria-activedescendant.
 */
export function UserSearch({ className = "", autoFocus = false, inline = false, onChoose }: Props) {
  const t = useTranslations("frame.search");
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const { data, isFetching } = useQuery({ ...searchQuery(settled), enabled: settled !== "" });

  // The answer only counts once it is for what is typed now: the field may be ahead of the debounce.
  const current = typed !== "" && settled === typed;
  const users = current && data ? data : [];
  const shown = open && typed !== "";
  const expanded = shown && users.length > 0;
  const loading = shown && (!current || (isFetching && !data));
  let message: string | null = null;
  if (loading) message = t("searching");
  else if (shown && current && data?.length === 0) message = t("noUsers");

  function choose(user: FoundUser) {
    setOpen(false);
    setText("");
    router.push(`/public/${user.id}`);
    onChoose?.();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      if (users.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      // From nothing highlighted, Down goes to the first and Up to the last; both wrap round.
      setActive((i) => (i === -1 ? (step === 1 ? 0 : users.length - 1) : (i + step + users.length) % users.length));
    } else if (e.key === "Enter") {
      e.preventDefault();
      const user = expanded ? users[active] : undefined;
      if (user) choose(user);
    } else if (e.key === "Escape") {
      // First Escape closes the list, a second one clears the field (the APG's optional step).
      if (shown) setOpen(false);
      else setText("");
      setActive(-1);
    }
  }

  return (
    <div className={`relative ${className}`}>
      <form role="search" aria-label={t("users")} className="relative" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={id} className="sr-only">
          {t("label")}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft"
        />
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          placeholder={t("placeholder")}
          autoComplete="off"
          spellCheck={false}
          data-autofocus={autoFocus || undefined}
          className="h-10 w-full rounded-full border border-ink-soft bg-surface pr-4 pl-9 text-sm text-ink placeholder:text-ink-soft focus:border-accent"
        />
      </form>
      <div
        className={
          shown
            ? inline
              ? "mt-2 overflow-hidden rounded-lg border border-ink-soft/40 bg-surface"
              : "absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-lg border border-ink-soft/40 bg-surface shadow-sheet"
            : undefined
        }
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t("usersFound")}
          hidden={!expanded}
          className="max-h-80 overflow-y-auto py-1"
        >
          {users.map((user, i) => (
            <li
              key={user.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the field, so the click lands and the list does not close on blur first.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(user)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-ink ${i === active ? "bg-paper-deep" : ""}`}
            >
              <Avatar name={user.name || user.username} image={user.profileImage} size="xs" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-semibold">{user.name}</span>
                <span className="block truncate text-xs text-ink-soft">@{user.username}</span>
              </span>
            </li>
          ))}
        </ul>
        {/* Always in the page, so screen readers hear its changes; it shows only the quiet states. */}
        <p role="status" className={message ? "px-3 py-2 text-sm text-ink-soft" : "sr-only"}>
          {message ?? (expanded ? t("found", { count: users.length }) : "")}
        </p>
      </div>
    </div>
  );
}
