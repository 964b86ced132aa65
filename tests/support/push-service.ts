import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A push service standing in on loopback for FCM, Mozilla's or Apple's (docs/decisions/082): the
// server POSTs each push to a device's endpoint here, and the test reads it back as the browser
// would, decrypting it (RFC 8291, aes128gcm) with the device's own keys, and checks the VAPID
// signature (RFC 8292). Each endpoint answers 201, 404 or 410, or holds the request until released.

export type Behaviour = 201 | 404 | 410 | "hang";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A browser's side of a subscription: its P-256 key pair and 16-byte auth secret. */
export interface Device {
  ecdh: ECDH;
  keys: { p256dh: string; auth: string };
}

export function makeDevice(): Device {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    ecdh,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** The plaintext of an aes128gcm push body (RFC 8188 framing, RFC 8291 keys), as the device decrypts it. */
export function decryptPush(body: Buffer, device: Device): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("More than one record: a push is one");
  const uaPublic = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(serverKey);
  const prkKey = hmac(Buffer.from(device.keys.auth, "base64url"), shared);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, serverKey, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("The last record lacks its 0x02 delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** The VAPID `Authorization: vapid t=…, k=…` header checked: the JWT's ES256 signature by `k`, and its claims. */
export function verifyVapid(authorization: string | undefined): {
  publicKey: string;
  claims: { aud: string; exp: number; sub: string };
} {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`Not a VAPID Authorization header: ${authorization}`);
  const [header, payload, signature] = m[1]!.split(".") as [string, string, string];
  const point = Buffer.from(m[2]!, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("The VAPID signature does not verify");
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256")
    throw new Error("VAPID's JWT is not ES256");
  return { publicKey: m[2]!, claims: JSON.parse(Buffer.from(payload, "base64url").toString()) };
}

export async function startPushService() {
  const behaviours = new Map<string, Behaviour>();
  const received: Received[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const behaviour = behaviours.get(path) ?? 404;
      if (behaviour === "hang") held.push(res);
      else res.writeHead(behaviour, { location: "https://push.example/message/1" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** A new endpoint answering as `behaviour`. */
    endpoint(behaviour: Behaviour = 201): string {
      const path = `/push/${randomBytes(12).toString("base64url")}`;
      behaviours.set(path, behaviour);
      return `${origin}${path}`;
    },
    /** What arrived at `endpoint`, oldest first. */
    receivedAt(endpoint: string): Received[] {
      return received.filter((r) => `${origin}${r.path}` === endpoint);
    },
    /** Answers every held request with 201. */
    release() {
      for (const res of held.splice(0)) res.writeHead(201).end();
    },
    async stop() {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;
