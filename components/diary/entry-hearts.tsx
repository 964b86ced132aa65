"use client";

import { useQuery } from "@tanstack/react-query";
import { Eye, Heart, MessageCircle } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { heartsQuery } from "@/client/notifications";
import type { Journal } from "@/client/journals";

/**
 * A shared entry's hearts and reads as its writer sees them under it in the diary (docs/product.md
 * "Diary"), and who hearted it, newest first, once they open the list (GET /api/journals/{id}/hearts).
 */
export function EntryHearts({ journal }: { journal: Journal }) {
  const [open, setOpen] = useState(false);
  const hearts = useQuery({ ...heartsQuery(journal.id), enabled: open && journal.likesCount > 0 });
  const people = hearts.data?.data ?? [];
  return (
    <div className="basis-full text-sm text-ink-soft">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="inline-flex items-center gap-1">
          <Heart aria-hidden className="size-4" />
          {journal.likesCount} {journal.likesCount === 1 ? "heart" : "hearts"}
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye aria-hidden className="size-4" />
          {journal.readsCount} {journal.readsCount === 1 ? "read" : "reads"}
        </span>
        <Link
          href={`/replies/${journal.id}`}
          className="inline-flex items-center gap-1 font-semibold text-accent underline-offset-2 hover:underline"
        >
          <MessageCircle aria-hidden className="size-4" />
          Private replies
        </Link>
      </p>
      {journal.likesCount > 0 ? (
        <details className="mt-1" onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary className="cursor-pointer font-semibold text-accent underline-offset-2 hover:underline">
            Who hearted it
          </summary>
          {hearts.isPending ? (
            <p role="status" className="mt-2">
              Loading…
            </p>
          ) : hearts.isError ? (
            <p role="alert" className="mt-2 text-danger">
              {hearts.error.message}
            </p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-3">
              {people.map(({ user, createdAt }) => (
                <li key={user.id} className="flex items-center gap-2">
                  <Avatar name={user.name} image={user.profileImage} size="xs" />
                  <Link
                    href={`/public/${user.id}`}
                    className="font-semibold text-ink hover:underline"
                    title={new Date(createdAt).toLocaleString()}
                  >
                    {user.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </details>
      ) : null}
    </div>
  );
}
