import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { validate } from "@/lib/http/body";
import { otherMethods, route } from "@/lib/http/respond";
import { exportJournalPdf } from "@/lib/journals/pdf";
import { getStorage } from "@/lib/storage";
import { JournalExportQuerySchema } from "@/lib/validation/journal-export";

// The caller's own journal as a PDF, streamed while it is drawn (docs/decisions/029-journal-pdf.md).
export const GET = route(async (req) => {
  const { user } = await requireUser(req);
  const { from, to } = validate(JournalExportQuerySchema, Object.fromEntries(new URL(req.url).searchParams));
  const { filename, body } = await exportJournalPdf({ db: getDb(), storage: getStorage(), user, from, to, signal: req.signal });
  return new Response(body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
