import "server-only";
import { Document, Image as PdfImage, Page, Text, View } from "@react-pdf/renderer";
import { formatLongDay } from "@/client/local-day";
import { VISIBILITY_LABELS, type Visibility } from "@/lib/validation/journal-limits";
import { SANS, SERIF } from "./fonts";

// The journal as react-pdf elements. Each chunk of entries is its own <Document> laid out on its
// own and drawn into one shared PDF (./render.ts), so these components never see the whole journal.

export interface PdfEntry {
  journalDate: string;
  title: string;
  content: string;
  visibility: Visibility;
  isAnonymous: boolean;
  likesCount: number;
  readsCount: number;
  /** A JPEG at most 1000 px long, or null: no photo, or one that could not be read. */
  photo: Buffer | null;
  /** The entry had a photo that could not be included. */
  photoMissing: boolean;
}

export interface PdfSummary {
  name: string;
  username: string;
  from?: string;
  to?: string;
  entries: number;
  characters: number;
  words: number;
  downloadedOn: string;
}

const INK = "#1f2937";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const FAMILY = [SERIF, SANS] as unknown as string; // react-pdf takes a fallback list; its types say string

const page = { paddingTop: 56, paddingBottom: 64, paddingHorizontal: 56, fontFamily: FAMILY, fontSize: 11, color: INK, lineHeight: 1.45 } as const;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A4 is 842 pt tall. A fixed Text placed with `bottom` and a render prop broke the layout after a few pages (an absurd y). */
const FOOTER_TOP = 800;

function Footer({ username, firstPage }: { username: string; firstPage: number }) {
  return (
    <View fixed style={{ position: "absolute", top: FOOTER_TOP, left: 56, right: 56 }}>
      <Text style={{ fontSize: 8, color: MUTED, textAlign: "center" }} render={({ pageNumber }) => `Inkwell · @${username} · page ${firstPage + pageNumber - 1}`} />
    </View>
  );
}

export function TitleDocument({ summary }: { summary: PdfSummary }) {
  const { from, to } = summary;
  const range = from && to ? `From ${formatLongDay(from)} to ${formatLongDay(to)}` : from ? `From ${formatLongDay(from)}` : to ? `Until ${formatLongDay(to)}` : "All entries";
  return (
    <Document>
      <Page size="A4" style={page}>
        <View style={{ marginTop: 160 }}>
          <Text style={{ fontSize: 12, color: MUTED, letterSpacing: 2 }}>INKWELL JOURNAL</Text>
          <Text style={{ fontSize: 28, fontWeight: "bold", marginTop: 8 }}>{summary.name}</Text>
          <Text style={{ fontSize: 13, color: MUTED }}>@{summary.username}</Text>
          <Text style={{ marginTop: 24 }}>{range}</Text>
          <View style={{ marginTop: 24, borderTopWidth: 1, borderTopColor: RULE, paddingTop: 12 }}>
            <Text>Entries: {summary.entries.toLocaleString("en-US")}</Text>
            <Text>Characters: {summary.characters.toLocaleString("en-US")}</Text>
            <Text>Words: {summary.words.toLocaleString("en-US")}</Text>
          </View>
          <Text style={{ marginTop: 24, fontSize: 9, color: MUTED }}>Downloaded on {summary.downloadedOn} (UTC). Oldest entry first.</Text>
        </View>
        <Footer username={summary.username} firstPage={1} />
      </Page>
    </Document>
  );
}

function Entry({ entry }: { entry: PdfEntry }) {
  const labels = [VISIBILITY_LABELS[entry.visibility].label, ...(entry.isAnonymous ? ["anonymous"] : [])];
  return (
    <View style={{ marginBottom: 28, paddingBottom: 20, borderBottomWidth: 1, borderBottomColor: RULE }}>
      {/* The heading never sits alone at the foot of a page. */}
      <View wrap={false} minPresenceAhead={60}>
        <Text style={{ fontSize: 9, color: MUTED }}>{formatLongDay(entry.journalDate)}</Text>
        <Text style={{ fontSize: 16, fontWeight: "bold", marginTop: 2 }}>{entry.title}</Text>
        <Text style={{ fontSize: 9, color: MUTED, marginTop: 2, marginBottom: 8 }}>
          {labels.join(" · ")} · {plural(entry.likesCount, "heart", "hearts")} · {plural(entry.readsCount, "read", "reads")}
        </Text>
      </View>
      <Text>{entry.content}</Text>
      {/* A bare Buffer: with { data, format } react-pdf keys its image cache by the whole photo as a string. */}
      {entry.photo && <PdfImage src={entry.photo} style={{ marginTop: 12, maxHeight: 300, maxWidth: "100%", objectFit: "contain", alignSelf: "flex-start" }} />}
      {entry.photoMissing && <Text style={{ marginTop: 8, fontSize: 9, color: MUTED }}>(The photo of this entry could not be included.)</Text>}
    </View>
  );
}

/** Entries after the title page; `firstPage` continues the page numbers of the chunks before. */
export function EntriesDocument({ entries, username, firstPage }: { entries: PdfEntry[]; username: string; firstPage: number }) {
  return (
    <Document>
      <Page size="A4" style={page}>
        {entries.map((entry) => (
          <Entry key={entry.journalDate} entry={entry} />
        ))}
        <Footer username={username} firstPage={firstPage} />
      </Page>
    </Document>
  );
}
