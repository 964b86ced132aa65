import http from "node:http";
import zlib from "node:zlib";

// One request with exactly the headers given (fetch would add its own Accept-Encoding and undo the
// gzip), and what an answer means once its framing is set aside: for the tests that hold what our
// server sends itself to what Next sends (docs/decisions/092).

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? "GET", headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** How a message is framed and when it was sent: not what it says. */
const FRAMING = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** The status, the headers but the framing, and the body gunzipped (base64, so any file compares). */
export function meaning(answer: RawAnswer) {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([k]) => !FRAMING.has(k)));
  const body = answer.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(answer.body) : answer.body;
  return { status: answer.status, headers, body: body.toString("base64") };
}
