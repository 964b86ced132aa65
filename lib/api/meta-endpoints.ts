import * as A from "@/lib/contract/answers";
import { TAG, type Endpoint } from "@/lib/http/endpoint";

// The API about itself: health and this reference (lib/openapi).

export const META_ENDPOINTS = [
  {
    method: "get",
    path: "/api/health",
    tag: TAG.service,
    summary: "Up, and the database answers",
    description: "For load balancers and the test harness.",
    auth: "none",
    answers: [{ status: 200, description: "Healthy", schema: A.HealthSchema }],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: TAG.service,
    summary: "This reference, as an OpenAPI 3.1 document",
    description:
      "Built from the zod schemas that validate the requests (docs/decisions/031); docs/api.md is the same document for people.",
    auth: "none",
    answers: [
      {
        status: 200,
        description: "The document",
        schema: A.OpenApiAnswerSchema,
        headers: { "Cache-Control": "public, max-age=3600" },
      },
    ],
  },
] as const satisfies readonly Endpoint[];
