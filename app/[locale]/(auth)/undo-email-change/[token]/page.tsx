import type { Metadata } from "next";
import { AuthHeading } from "@/components/auth/auth-heading";
import { UndoEmailChange } from "@/components/auth/undo-email-change";

export const metadata: Metadata = { title: "Undo the change of address" };

// The link mailed to the address a change left (docs/decisions/072). Nothing happens before the click.
export default async function UndoEmailChangePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <>
      <AuthHeading
        title="Undo the change of address"
        subtitle="Bring your Inkwell account back to this email address."
      />
      <UndoEmailChange token={token} />
    </>
  );
}
