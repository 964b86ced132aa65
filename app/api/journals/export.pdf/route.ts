import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { otherMethods } from "@/lib/http/respond";
import { exportJournalPdf } from "@/lib/journals/pdf";
import { getStorage } from "@/lib/storage";

const PDF_HEADERS = {
  "Content-Type": "application/pdf",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

// The caller's own journal as a PDF, streamed while it is drawn (docs/decisions/029-journal-pdf.md).
export const GET = handle("GET /api/journals/export.pdf", async ({ user, query: { from, to }, req }) => {
  // HEAD (which Next answers with this handler) says what a download is without drawing one: its
  // body would never be read nor cancelled, and its place among PDF_DOWNLOADS_MAX held for good
  // (docs/decisions/095).
  if (req.method === "HEAD") return new Response(null, { headers: PDF_HEADERS });
  const { filename, body } = await exportJournalPdf({
    db: getDb(),
    storage: getStorage(),
    user,
    from,
    to,
    signal: req.signal,
  });
  return new Response(body, {
    headers: { ...PDF_HEADERS, "Content-Disposition": `attachment; filename="${filename}"` },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
