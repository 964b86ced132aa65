import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ReloadButton } from "@/components/app/reload-button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("offline"))("title") };
}

// What the service worker (app/sw.ts) shows for a page this device has never opened while there is
// no connection (docs/decisions/080).
export default function OfflinePage() {
  const t = useTranslations("offline");
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-serif text-2xl">{t("heading")}</h1>
      <p className="text-muted-foreground">{t("text")}</p>
      <ReloadButton />
    </main>
  );
}
