import { VISIBILITIES } from "@/lib/validation/journal-limits";
import type { JsonSchema } from "./types";

// The answers' shapes, described by hand from the functions that build them (named beside each).
// The tests that check those functions' answers field by field are in tests/api.

const text = { type: "string" };
const id = { type: "string", format: "uuid" };
const timestamp = { type: "string", format: "date-time", description: "ISO-8601, UTC" };
const day = { type: "string", format: "date", description: "A calendar day, YYYY-MM-DD (the writer's local day)" };
const count = { type: "integer", minimum: 0 };
const imageDescription = {
  type: ["string", "null"],
  description: "The photo's description, its alt text (at most 300 characters, one line); null when there is no photo or none was given",
};
const imageUrl = {
  type: ["string", "null"],
  format: "uri",
  description: "Absolute, on APP_URL, signed for the viewer it was given to, expiring (docs/decisions/024, 028); null when there is none",
};

function object(properties: Record<string, unknown>, description?: string): JsonSchema {
  return { type: "object", ...(description ? { description } : {}), properties, required: Object.keys(properties) };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export const COMPONENTS: Record<string, JsonSchema> = {
  Error: object({ message: { ...text, description: "A sentence for a person; a validation message names the field" } }, "Every error"),
  FriendRequestError: object({ success: { const: false }, message: text }, "Every error of the friend-request calls"),
  Message: object({ message: text }),
  Me: object(
    {
      _id: id,
      id,
      name: text,
      username: text,
      email: { type: "string", format: "email" },
      emailVerified: { type: "boolean" },
      bio: text,
      location: text,
      profileImage: imageUrl,
      createdAt: timestamp,
    },
    "The signed-in person (lib/auth/accounts.ts toMe)",
  ),
  Journal: object(
    {
      _id: id,
      id,
      title: text,
      content: text,
      visibility: { enum: [...VISIBILITIES] },
      isAnonymous: { type: "boolean", description: "Only ever true for close-circle" },
      journaldate: day,
      images: { type: "array", maxItems: 1, items: { type: "string", format: "uri" }, description: "[] or one signed URL of the entry's photo" },
      imageDescription,
      likesCount: count,
      readsCount: count,
      createdAt: timestamp,
      updatedAt: timestamp,
    },
    "A diary entry as its author sees it (lib/journals/json.ts)",
  ),
  JournalDay: object({ _id: id, id, journaldate: day }, "A day of the month that has an entry"),
  FeedAuthor: {
    ...object({ id, name: text, username: text, profileImage: imageUrl, location: text }),
    type: ["object", "null"],
    description: "null when the entry is anonymous: nothing in the item identifies its writer",
  },
  FeedItem: object(
    {
      _id: id,
      id,
      title: text,
      content: text,
      images: { type: "array", maxItems: 1, items: { type: "string", format: "uri" } },
      imageDescription,
      journaldate: day,
      visibility: { const: "close-circle" },
      isAnonymous: { type: "boolean" },
      createdAt: { ...timestamp, description: "ISO-8601, UTC; only the day (midnight UTC) for an anonymous entry" },
      likes: count,
      reads: { ...count, description: "Distinct readers per day, not halved" },
      likedByMe: { type: "boolean" },
      author: ref("FeedAuthor"),
    },
    "A friend's shared entry (lib/feed/list.ts)",
  ),
  FeedPage: object({
    journals: { type: "array", items: ref("FeedItem") },
    hasMore: { type: "boolean" },
    currentPage: { type: "integer", minimum: 1 },
    totalPages: count,
    total: count,
    nextCursor: { type: ["string", "null"], description: "Pass as `cursor` for the page after this one; null on the last page" },
  }),
  SearchUser: object({ _id: id, id, username: text, name: text, fullName: text, profileImage: imageUrl, avatar: imageUrl }),
  SuggestedUser: object({ id, name: text, username: text, profileImage: imageUrl, bio: text, location: text, memberSince: timestamp }),
  PublicProfile: object(
    {
      _id: id,
      id,
      name: text,
      fullName: text,
      username: text,
      bio: text,
      location: text,
      profileImage: imageUrl,
      avatar: imageUrl,
      profilePicture: imageUrl,
      createdAt: timestamp,
      journalCount: { ...count, description: "Only signed entries shared with the close circle: private and anonymous ones are left out of every total (docs/decisions/042)" },
      totalLikes: count,
      totalReads: count,
      daysWritten: {
        ...count,
        description: "Of the entries journalCount counts, those for a day since the account's first day: Consistency is daysWritten ÷ days since createdAt (rounded up), at most 100 %",
      },
    },
    "Never an email, a hash or a token (lib/users/profile.ts)",
  ),
  MyProfile: object(
    {
      _id: id,
      id,
      name: text,
      username: text,
      email: { type: "string", format: "email" },
      bio: text,
      location: text,
      profileImage: imageUrl,
      createdAt: timestamp,
      journalCount: { ...count, description: "Every entry, anonymous ones included" },
      totalLikes: count,
      totalReads: count,
    },
    "lib/users/my-profile.ts",
  ),
  CloseFriend: object({ id, name: text, username: text, profileImage: imageUrl, location: text, memberSince: timestamp }),
  FriendRequest: object({
    _id: id,
    id,
    from: id,
    to: id,
    status: { enum: ["pending", "accepted", "rejected"] },
    createdAt: timestamp,
    respondedAt: { type: ["string", "null"], format: "date-time" },
  }),
  PendingRequest: object({
    _id: { ...id, description: "The request's id, for accept and reject" },
    from: object({ _id: id, id, name: text, username: text, profileImage: imageUrl }),
    createdAt: timestamp,
  }),
};
