import { pdfFontAnswer } from "@/lib/journals/pdf/font-route";

// The journal PDF's font files for a locked diary's PDF made in the browser (client/lock/journal-pdf.ts,
// docs/diary-lock.md): the same files the server's PDF embeds, from our own origin, so nothing is
// fetched from elsewhere. Only the files lib/journals/pdf/font-urls.ts names; cached a week, then
// asked again with the ETag. Public (they are open fonts): no session is read.
export async function GET(req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  return pdfFontAnswer(file, req.headers.get("if-none-match"));
}
