import Link from "next/link";
import { buttonClass } from "@/components/ui/button-styles";

// Reached through notFound() (e.g. a profile that does not exist); unknown paths redirect instead.
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-3xl font-semibold">This page is blank</h1>
      <p className="text-ink-soft">We could not find what you were looking for.</p>
      <Link href="/dashboard" className={buttonClass("primary")}>
        Back to the dashboard
      </Link>
    </main>
  );
}
