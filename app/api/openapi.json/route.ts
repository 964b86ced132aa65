import { handle } from "@/lib/api/handle";
import { json, otherMethods } from "@/lib/http/respond";
import { buildOpenApiDocument } from "@/lib/openapi/document";

// The API reference (docs/decisions/031). Public, the same for everyone, and changed only by a deploy.
const document = buildOpenApiDocument();

export const GET = handle("GET /api/openapi.json", async () =>
  json(document, { headers: { "Cache-Control": "public, max-age=3600" } }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
