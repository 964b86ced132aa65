import { handle } from "@/lib/api/handle";
import { getDb } from "@/lib/db/client";
import { readIfMatch } from "@/lib/http/if-match";
import { json, otherMethods } from "@/lib/http/respond";
import { VERSION_RESTORED_MESSAGE } from "@/lib/journals/version-limits";
import { restoreVersion } from "@/lib/journals/versions";

export const POST = handle(
  "POST /api/journals/{id}/versions/{versionId}/restore",
  async ({ user, req, params, query }) => {
    const journal = await restoreVersion({
      db: getDb(),
      authorId: user.id,
      id: params.id,
      versionId: params.versionId,
      ifUnchangedSince: readIfMatch(req),
      unseal: query.unseal,
    });
    return json({ message: VERSION_RESTORED_MESSAGE, journal });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
