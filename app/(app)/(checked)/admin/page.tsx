import { checkedPage } from "@/components/app/database-unavailable";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeading } from "@/components/app/page-heading";
import { AdminReports } from "@/components/admin/admin-reports";
import { isOperator } from "@/lib/admin";
import { requirePageUser } from "@/lib/auth/current-user";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Operators" };

// The operators' page (docs/decisions/069): for anyone else it is not there.
async function AdminPage() {
  const user = await requirePageUser();
  if (!isOperator(user, config().ADMIN_EMAILS)) notFound();
  return (
    <>
      <PageHeading title="Operators">Open reports with only what was reported, and what was done.</PageHeading>
      <AdminReports />
    </>
  );
}

export default checkedPage(AdminPage);
