import { Readable } from "node:stream";
import { requireUser } from "@/lib/auth/request";
import { getDb } from "@/lib/db/client";
import { openExportDownload } from "@/lib/exports";
import { otherMethods, route } from "@/lib/http/respond";
import { getStorage } from "@/lib/storage";

// The signed URL (u, e, s) speaks for the export's owner with no cookie, as a photo's does
// (docs/decisions/074); without one the session does. Streamed from storage, never held whole.
export const GET = route<{ params: Promise<{ id: string }> }>(async (req, { params }) => {
  const file = await openExportDownload({
    db: getDb(),
    storage: getStorage(),
    id: (await params).id,
    query: new URL(req.url).searchParams,
    sessionUserId: async () => (await requireUser(req)).user.id,
  });
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
