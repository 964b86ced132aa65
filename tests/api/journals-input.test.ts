import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coded } from "../support/refusals";
import { connect, createJournal, type FactoryDb } from "../../scripts/seed/factories";
import { testEnv } from "../support/env";
import { api } from "../support/http";
import {
  entryFields,
  expectError,
  imageBlob,
  journalRow,
  journalRows,
  postJournal,
  putJournal,
  send,
  signedIn,
  smallPng,
  toForm,
} from "../support/journals";

// Bodies that are not what docs/api.md asks for: always a 4xx with {message}, and nothing changes.

let db: FactoryDb;
let close: () => Promise<void>;
beforeAll(() => {
  ({ db, close } = connect(testEnv.databaseUrl));
});
afterAll(() => close());

const SIX_MB = 6 * 1024 * 1024;

const MALFORMED: [string, () => { body: BodyInit; contentType?: string }][] = [
  ["a JSON body", () => ({ body: JSON.stringify(entryFields()), contentType: "application/json" })],
  [
    "form-encoded fields",
    () => ({
      body: new URLSearchParams(entryFields() as Record<string, string>).toString(),
      contentType: "application/x-www-form-urlencoded",
    }),
  ],
  ["multipart without a boundary", () => ({ body: "--x\r\n", contentType: "multipart/form-data" })],
  [
    "multipart that never closes",
    () => ({
      body: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello',
      contentType: "multipart/form-data; boundary=xyz",
    }),
  ],
  [
    "multipart with garbage parts",
    () => ({ body: "this is not multipart at all", contentType: "multipart/form-data; boundary=xyz" }),
  ],
  ["an empty body", () => ({ body: "", contentType: "multipart/form-data; boundary=xyz" })],
  ["no content type", () => ({ body: "title=a&content=b" })],
];

describe("POST /api/journals with a malformed body", () => {
  it.each(MALFORMED)("refuses %s with 400 {message} and creates nothing", async (_label, raw) => {
    const { user, token } = await signedIn(db);
    expectError(await send("/api/journals", { token, raw: raw() }), 400);
    expect(await journalRows(db, user.id)).toEqual([]);
  });

  it("refuses a POST with no body at all", async () => {
    const { token } = await signedIn(db);
    expectError(await send("/api/journals", { method: "POST", token }), 400);
  });

  it("refuses a body over 6 MB with 413", async () => {
    const { user, token } = await signedIn(db);
    const res = await postJournal(token, entryFields({ padding: "x".repeat(SIX_MB) }));
    expectError(res, 413);
    expect(await journalRows(db, user.id)).toEqual([]);
  });

  it("refuses a streamed multipart body over 6 MB (no Content-Length) with 413", async () => {
    const { user, token } = await signedIn(db);
    const boundary = "inkwellboundary";
    const head = Object.entries(entryFields())
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("");
    const bytes = new TextEncoder().encode(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="padding"\r\n\r\n${"x".repeat(SIX_MB + 1024)}\r\n--${boundary}--\r\n`,
    );
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 256 * 1024) controller.enqueue(bytes.subarray(i, i + 256 * 1024));
        controller.close();
      },
    });
    const res = await fetch(`${testEnv.baseUrl}/api/journals`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(coded({ message: expect.any(String) }));
    expect(await journalRows(db, user.id)).toEqual([]);
  });

  it("accepts a hand-written multipart body (CRLF, quoted names, a UTF-8 title)", async () => {
    const { token } = await signedIn(db);
    const b = "----hand";
    const part = (name: string, value: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      part("title", "Café ☕") +
      part("content", "Written by hand") +
      part("visibility", "private") +
      part("isAnonymous", "false") +
      part("journaldate", "2025-02-02") +
      `--${b}--\r\n`;
    const res = await send("/api/journals", {
      token,
      raw: { body, contentType: `multipart/form-data; boundary=${b}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: "Café ☕", journaldate: "2025-02-02" });
  });
});

describe("fields of the wrong type", () => {
  it.each([
    ["a file as the title", { title: new Blob(["Title in a file"], { type: "text/plain" }) }, /title/i],
    ["a file as the content", { content: new Blob(["Content"], { type: "text/plain" }) }, /content/i],
    ["a file as the date", { journaldate: new Blob(["2025-01-01"]) }, /date/i],
    ["text as the image", { image: "data:image/png;base64,iVBORw0KGgo=" }, /image/i],
  ])("refuses %s with 400 and creates nothing", async (_label, overrides, message) => {
    const { user, token } = await signedIn(db);
    expectError(await postJournal(token, entryFields(overrides)), 400, message);
    expect(await journalRows(db, user.id)).toEqual([]);
  });

  it("treats an empty, nameless file (a browser's blank file input) as no photo", async () => {
    const { token } = await signedIn(db);
    const form = toForm(entryFields());
    form.append("image", new Blob([]), "");
    const res = await send<{ images: string[] }>("/api/journals", { token, form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.images).toEqual([]);
  });

  it("ignores fields it does not know", async () => {
    const { token } = await signedIn(db);
    const res = await postJournal(
      token,
      entryFields({ likesCount: "999", authorId: "00000000-0000-4000-8000-000000000000" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ likesCount: 0 });
  });
});

describe("PUT /api/journals/{id} with a malformed body", () => {
  it.each(MALFORMED)("refuses %s with 400 and changes nothing", async (_label, raw) => {
    const { user, token } = await signedIn(db);
    const entry = await createJournal(db, user.id);
    expectError(await send(`/api/journals/${entry.id}`, { method: "PUT", token, raw: raw() }), 400);
    expect(await journalRow(db, entry.id)).toEqual(entry);
  });

  it("refuses text as the image with 400 and changes nothing", async () => {
    const { user, token } = await signedIn(db);
    const entry = await createJournal(db, user.id);
    expectError(await putJournal(token, entry.id, { title: "t", content: "c", image: "not a file" }), 400, /image/i);
    expect(await journalRow(db, entry.id)).toEqual(entry);
  });

  it("accepts a valid image with a misleading name and type (judged by content)", async () => {
    const { user, token } = await signedIn(db);
    const entry = await createJournal(db, user.id);
    const res = await putJournal(token, entry.id, {
      title: "t",
      content: "c",
      image: imageBlob(await smallPng(), "application/pdf"),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.journal.images).toHaveLength(1);
  });
});

describe("methods and paths the API does not have", () => {
  it("answers JSON 404 for unknown journal paths", async () => {
    const { token } = await signedIn(db);
    expectError(await api("/api/journals/month/2024", { token }), 404);
    expectError(await api("/api/journals/date/2024-01-01/extra", { token }), 404);
  });
});
