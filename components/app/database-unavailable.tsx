import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DATABASE_UNAVAILABLE_DIGEST } from "@/lib/db/unavailable-digest";
import { ReloadButton } from "./reload-button";

/**
 * What a server-rendered page shows when the database could not serve it (lib/db/unavailable.ts,
 * pageRead): the moment's outage plainly, and a way to try again. Rendered, not thrown, so that
 * Next does not log an outage as a fault, and our HTTP server answers it 503 with Retry-After.
 * Its words are the "app" namespace's: the sign-in screens show it too.
 */
export function DatabaseUnavailable() {
  const t = useTranslations("app.databaseUnavailable");
  return (
    <div
      role="alert"
      className="notebook flex flex-col items-start gap-8 rounded-lg border border-ink-soft/20 py-8 pr-6 pl-14 leading-8 shadow-sheet md:pl-20"
    >
      <div>
        <h1 className="text-3xl leading-8 font-semibold text-leather">{t("heading")}</h1>
        <p className="text-ink">{t("text")}</p>
      </div>
      <ReloadButton />
    </div>
  );
}

function isUnavailable(err: unknown): boolean {
  return err instanceof Error && (err as { digest?: unknown }).digest === DATABASE_UNAVAILABLE_DIGEST;
}

/** Renders a page, or `fallback` (DatabaseUnavailable) when its reads (through pageRead) found no database. */
export async function unlessUnavailable(
  render: () => Promise<ReactNode>,
  fallback: ReactNode = <DatabaseUnavailable />,
): Promise<ReactNode> {
  try {
    return await render();
  } catch (err) {
    if (isUnavailable(err)) return fallback;
    throw err;
  }
}

/**
 * A page under a layout that already checks the session with unlessUnavailable
 * (app/[locale]/(app)/(checked)/layout.tsx): Next renders the page beside its layout, so the page's own
 * session read fails too when the database is away; it then renders nothing, and the layout's
 * DatabaseUnavailable is what shows, with no fault logged.
 */
export function checkedPage<P>(render: (props: P) => Promise<ReactNode>): (props: P) => Promise<ReactNode> {
  return (props) => unlessUnavailable(() => render(props), null);
}
