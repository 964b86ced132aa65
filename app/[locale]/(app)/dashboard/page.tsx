import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardHome } from "@/components/dashboard/dashboard-home";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("community.pages"))("dashboard") };
}

/** A static shell (docs/decisions/084): the person's dashboard is read in the browser (components/dashboard/dashboard-home.tsx). */
export default function DashboardPage() {
  return <DashboardHome />;
}
