import type { Metadata } from "next";
import { DashboardHome } from "@/components/dashboard/dashboard-home";

export const metadata: Metadata = { title: "Dashboard" };

/** A static shell (docs/decisions/084): the person's dashboard is read in the browser (components/dashboard/dashboard-home.tsx). */
export default function DashboardPage() {
  return <DashboardHome />;
}
