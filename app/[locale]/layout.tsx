import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LOCALES, isLocale } from "@/lib/i18n/locales";
import { pickMessages, type ScreenMessages } from "@/lib/i18n/screen-messages";
import { Document } from "../document";

export { viewport } from "../document";

// Every page is made in each language (docs/decisions/144): proxy.ts puts a request under its
// language's segment, so a static shell is still one file, one a language. No other segment exists.
export const generateStaticParams = () => LOCALES.map((locale) => ({ locale }));
export const dynamicParams = false;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return {
    title: { default: "Inkwell", template: "%s · Inkwell" },
    description: t("description"),
    // The installed app (app/manifest.ts); iOS reads its home-screen icon from the link instead.
    appleWebApp: { capable: true, title: "Inkwell", statusBarStyle: "default" },
    icons: { apple: "/icons/apple-touch-icon.png" },
  };
}

export default async function RootLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  // What every page's own client components say; a part of the app adds its own namespaces.
  const messages = pickMessages((await getMessages()) as ScreenMessages, ["app", "language"]);
  return (
    <Document locale={locale} messages={messages}>
      {children}
    </Document>
  );
}
