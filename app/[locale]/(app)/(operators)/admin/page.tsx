import type { Metadata } from "next";
import { PageHeading } from "@/components/app/page-heading";
import { AdminReports } from "@/components/admin/admin-reports";

export const metadata: Metadata = { title: "Operators" };

// The operators' page (docs/decisions/069): ../layout.tsx has already answered 404 to anyone else.
export default function AdminPage() {
  return (
    <>
      <PageHeading title="Operators">Open reports with only what was reported, and what was done.</PageHeading>
      <AdminReports />
    </>
  );
}
