import type { MetadataRoute } from "next";

// Search engines may read the pages for everyone (the front page, privacy, terms, sign-in and
// sign-up) and nothing else: every other page is a person's own (docs/decisions/108).
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: ["/$", "/privacy", "/terms", "/login", "/signup"], disallow: "/" },
  };
}
