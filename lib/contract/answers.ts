import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { PHOTOS_MAX, VISIBILITIES } from "@/lib/validation/journal-limits";
import { ACTIVE_WRITER_MIN_CONSISTENCY, CONSISTENCY_MIN_DAYS } from "./consistency";
import {
  FRIEND_REQUEST_CANCELLED_MESSAGE,
  FRIEND_REMOVED_MESSAGE,
  JOURNAL_UPDATED_MESSAGE,
  LIKED_MESSAGE,
  UNLIKED_MESSAGE,
} from "@/lib/contract/messages";

// What the API answers, as zod schemas: the one description of the wire (docs/decisions/046).
// The server's mappers return `z.infer` of these; lib/openapi generates the reference's objects
// from them (z.toJSONSchema); the browser imports their types only (`import type`), so no zod
// reaches its bundle; tests/support/http.ts checks every answer the API tests receive against them.
// Pure zod: no `server-only`, no database, nothing a browser could not load.

/** What the reference says of a schema: a component's name, a field's notes. */
export interface ContractMeta {
  id?: string;
  description?: string;
}

/** The registry lib/openapi reads: component names and descriptions, nothing global. */
export const contract = z.registry<ContractMeta>();

/** A copy of `schema` carrying `description` in the reference (the shared field stays undescribed). */
function note<T extends z.ZodType>(schema: T, description: string): T {
  const copy = schema.clone();
  contract.add(copy, { description });
  return copy;
}

/** `schema` as the component `id` of the reference. */
function component<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  contract.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

// Answers are strict: a field the schema does not name is a contract failure, in the tests as
// anywhere else a schema parses an answer. The reference does not promise that no field will ever
// be added (lib/openapi drops `additionalProperties: false` from the document).
const object = z.strictObject;

const text = z.string();
const id = z.guid();
const timestamp = note(z.iso.datetime(), "ISO-8601, UTC");
const day = note(z.iso.date(), "A calendar day, YYYY-MM-DD (the writer's local day)");
const count = z.int().min(0);
const email = z.email();
const mood = note(
  z.int().min(1).max(5).nullable(),
  "The writer's mood for the day, 1 (Awful), 2 (Bad), 3 (Okay), 4 (Good) or 5 (Great), or null. Only ever in answers to the writer (docs/decisions/131); not sealed by the diary lock",
);

const activities = note(
  z.array(z.string()).max(10),
  "What the writer did that day, names from their own list (GET /api/activities), in the order chosen; [] for none. Only ever in answers to the writer (docs/decisions/136); not sealed by the diary lock",
);

const imageDescription = note(
  z.string().nullable(),
  "The (cover) photo's description, its alt text (at most 300 characters, one line); null when there is no photo or none was given",
);
const imageUrl = note(
  z.url().nullable(),
  "Absolute, on APP_URL, signed for the viewer it was given to, expiring (docs/decisions/024, 028); null when there is none",
);
const entryImages = note(
  z.array(z.url()).max(PHOTOS_MAX),
  `[] or the signed URLs of the entry's photos (at most ${PHOTOS_MAX}), the cover first: a client that shows one photo shows the first`,
);

export const PagePhotoSchema = component(
  "PagePhoto",
  object({
    id: note(
      z.string().regex(/^[0-9a-f]{12}$/),
      "The photo's id on its page: a save's `photos` names it to keep the photo (docs/decisions/133)",
    ),
    description: note(z.string().nullable(), "Its description, its alt text; null when none was given"),
  }),
  "One of a page's photos, in the page's order (docs/decisions/133); its URL is the one at the same place of `images` (docs/decisions/138)",
);
const pagePhotos = note(
  z.array(PagePhotoSchema).max(PHOTOS_MAX),
  "The entry's photos in order, the cover first: the id and description of the photo whose URL is at the same place of `images` (docs/decisions/138)",
);

// ---- Objects of the reference (components) ----

export const ErrorSchema = component(
  "Error",
  object({
    message: note(text, "A sentence for a person; a validation message names the field"),
    code: note(
      z.string().regex(/^[A-Z][A-Z0-9_]*$/),
      "The message's stable machine name, the same in every language (see Message codes)",
    ),
    errors: note(
      z.array(object({ path: text, message: text, code: z.string().regex(/^[A-Z][A-Z0-9_]*$/) })).optional(),
      "On a 400: every validation issue, each naming its field (`path`) with its message and code",
    ),
  }),
  "Every error",
);

export const FriendRequestErrorSchema = component(
  "FriendRequestError",
  object({ success: z.literal(false), ...ErrorSchema.shape }),
  "Every error of the friend-request calls",
);

export const MessageSchema = component("Message", object({ message: text }));

export const MeSchema = component(
  "Me",
  object({
    _id: id,
    id,
    name: text,
    username: text,
    email,
    emailVerified: z.boolean(),
    bio: text,
    location: text,
    profileImage: imageUrl,
    createdAt: timestamp,
  }),
  "The signed-in person (lib/users/me.ts toMe)",
);

export const SessionMeSchema = component(
  "SessionMe",
  MeSchema.extend({
    deletionDueAt: note(
      z.iso.datetime().nullable(),
      "When the account is to be deleted (ISO-8601, UTC), or null. The signed-in screens, static shells, offer to cancel from it (docs/decisions/075, 084)",
    ),
    language: note(
      z.enum(LOCALES).nullable(),
      "The language chosen for the account's screens and mails, or null for each browser's own (docs/decisions/144)",
    ),
  }),
  "The signed-in person as GET /api/auth/me answers: Me, when the account is to be deleted, and its language",
);

export const SealedPhotoSchema = component(
  "SealedPhoto",
  object({
    id: note(
      z.string().regex(/^[0-9a-f]{12}$/),
      "The photo's id on its page: a sealed save's `sealedPhotos` names it to keep the photo",
    ),
    image: note(
      z.url(),
      "Signed for the writer (docs/decisions/024): `application/octet-stream` that the browser opens",
    ),
    description: note(z.string().nullable(), "Its description, a sealed item; null when none was given"),
    revision: note(z.int().min(1), "The revision it was sealed for (its associated data names it)"),
  }),
  "One of a locked page's photos, sealed in its writer's browser (docs/decisions/139)",
);

export const SealedPageSchema = component(
  "SealedPage",
  object({
    v: z.literal(1),
    revision: z.int().min(1),
    title: text,
    content: text,
    imageDescription: text.nullable(),
    imageRevision: note(
      z.int().min(1).nullable(),
      "The revision the photo was sealed for (its associated data names it); null without a photo",
    ),
    image: note(
      z.url().nullable(),
      "The sealed photo's URL, signed for the writer (docs/decisions/024): `application/octet-stream` that the browser opens; null without a photo. The cover's, with several",
    ),
    photos: note(
      z.array(SealedPhotoSchema).max(PHOTOS_MAX),
      "Every sealed photo in order, the cover first (docs/decisions/139); [] without a photo",
    ),
  }),
  "A locked page's fields, sealed in its writer's browser (`ik1.` items, docs/decisions/114, 115); the server opens none",
);

export const JournalSchema = component(
  "Journal",
  object({
    _id: id,
    id,
    title: text,
    content: text,
    visibility: z.enum(VISIBILITIES),
    isAnonymous: note(z.boolean(), "Only ever true for close-circle"),
    journaldate: day,
    images: entryImages,
    imageDescription,
    photos: pagePhotos,
    mood,
    activities,
    likesCount: count,
    readsCount: count,
    createdAt: timestamp,
    updatedAt: timestamp,
    locked: note(
      z.boolean(),
      "A locked page (docs/decisions/115): its title and content are the placeholder a reader without the diary's key shows, its words are in `sealed`",
    ),
    sealed: note(SealedPageSchema.nullable(), "A locked page's sealed fields; null for every other entry"),
  }),
  "A diary entry as its author sees it (lib/journals/json.ts)",
);

export const JournalDaySchema = component(
  "JournalDay",
  object({ _id: id, id, journaldate: day }),
  "A day of the month that has an entry",
);

export const FeedAuthorSchema = component(
  "FeedAuthor",
  object({ id, name: text, username: text, profileImage: imageUrl, location: text }).nullable(),
  "null when the entry is anonymous: nothing in the item identifies its writer",
);

export const FeedItemSchema = component(
  "FeedItem",
  object({
    _id: id,
    id,
    title: text,
    content: text,
    images: entryImages,
    imageDescription,
    photos: pagePhotos,
    journaldate: day,
    visibility: z.literal("close-circle"),
    isAnonymous: z.boolean(),
    createdAt: note(z.iso.datetime(), "ISO-8601, UTC; only the day (midnight UTC) for an anonymous entry"),
    likes: count,
    reads: note(count, "Distinct readers per day, not halved"),
    likedByMe: z.boolean(),
    author: FeedAuthorSchema,
  }),
  "A friend's shared entry (lib/feed/list.ts)",
);

export const FeedPageSchema = component(
  "FeedPage",
  object({
    journals: z.array(FeedItemSchema),
    hasMore: z.boolean(),
    currentPage: z.int().min(1),
    totalPages: count,
    total: count,
    nextCursor: note(z.string().nullable(), "Pass as `cursor` for the page after this one; null on the last page"),
  }),
);

export const SearchUserSchema = component(
  "SearchUser",
  object({ _id: id, id, username: text, name: text, fullName: text, profileImage: imageUrl, avatar: imageUrl }),
);

export const SuggestedUserSchema = component(
  "SuggestedUser",
  object({ id, name: text, username: text, profileImage: imageUrl, bio: text, location: text, memberSince: timestamp }),
);

export const PublicProfileSchema = component(
  "PublicProfile",
  object({
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
    journalCount: note(
      count,
      "Only signed entries shared with the close circle: private and anonymous ones are left out of every total (docs/decisions/042)",
    ),
    totalLikes: count,
    totalReads: count,
    daysWritten: note(
      count,
      "Days with an entry journalCount counts: one entry a day, so equal to journalCount (docs/decisions/099)",
    ),
    consistency: note(
      z.number().min(0).max(100).nullable(),
      `Percent, to two decimals: daysWritten ÷ the days begun since the writer began (createdAt, or the first counted entry's day at 00:00 UTC if earlier), at most 100; null while that is fewer than ${CONSISTENCY_MIN_DAYS} days, when a share says nothing yet (docs/decisions/099)`,
    ),
    activeWriter: note(
      z.boolean(),
      `The Active Writer badge: consistency is at least ${ACTIVE_WRITER_MIN_CONSISTENCY} (so never within the first ${CONSISTENCY_MIN_DAYS} days)`,
    ),
  }),
  "Never an email, a hash or a token (lib/users/profile.ts)",
);

export const MyProfileSchema = component(
  "MyProfile",
  object({
    _id: id,
    id,
    name: text,
    username: text,
    email,
    bio: text,
    location: text,
    profileImage: imageUrl,
    createdAt: timestamp,
    journalCount: note(count, "Every entry, anonymous ones included"),
    totalLikes: count,
    totalReads: count,
  }),
  "lib/users/my-profile.ts",
);

export const CloseFriendSchema = component(
  "CloseFriend",
  object({ id, name: text, username: text, profileImage: imageUrl, location: text, memberSince: timestamp }),
);

export const FRIEND_REQUEST_STATUSES = ["pending", "accepted", "rejected"] as const;

export const FriendRequestSchema = component(
  "FriendRequest",
  object({
    _id: id,
    id,
    from: id,
    to: id,
    status: z.enum(FRIEND_REQUEST_STATUSES),
    createdAt: timestamp,
    respondedAt: z.iso.datetime().nullable(),
  }),
);

export const PendingRequestSchema = component(
  "PendingRequest",
  object({
    _id: note(id, "The request's id, for accept and reject"),
    from: object({ _id: id, id, name: text, username: text, profileImage: imageUrl }),
    createdAt: timestamp,
  }),
);

// ---- Whole answers (a route's body when it is not one of the objects above) ----

/** The friend-request and people calls' answers carry `success: true`. */
const ok = <S extends z.core.$ZodLooseShape>(shape: S) => object({ success: z.literal(true), ...shape });

export const RegisterAnswerSchema = object({
  user: MeSchema.pick({ _id: true, id: true, name: true, username: true, email: true }),
  token: text,
});
export const LoginAnswerSchema = object({ token: text, user: MeSchema });
export const JournalUpdatedSchema = object({
  message: z.literal(JOURNAL_UPDATED_MESSAGE),
  journal: JournalSchema,
});
export const MonthAnswerSchema = z.array(JournalDaySchema);
export const JournalListSchema = z.array(JournalSchema);
export const LikedJournalsSchema = object({ likedJournals: z.array(id) });
export const LikedSchema = object({ message: z.literal(LIKED_MESSAGE), likesCount: count });
export const UnlikedSchema = object({ message: z.literal(UNLIKED_MESSAGE), likesCount: count });
export const SearchAnswerSchema = object({ users: z.array(SearchUserSchema) });
export const SuggestedAnswerSchema = ok({ users: z.array(SuggestedUserSchema) });
export const PublicProfileAnswerSchema = ok({ user: PublicProfileSchema });
export const FriendRequestSentSchema = ok({ message: text, data: FriendRequestSchema });
export const FriendRequestCancelledSchema = ok({ message: z.literal(FRIEND_REQUEST_CANCELLED_MESSAGE) });
export const FRIEND_STATUSES = ["none", "pending", "received", "accepted", "rejected"] as const;
export const FriendStatusAnswerSchema = ok({ status: z.enum(FRIEND_STATUSES) });
export const PendingAnswerSchema = ok({ data: z.array(PendingRequestSchema), count });
export const FriendRequestAnsweredSchema = ok({ message: text, friendRequest: FriendRequestSchema });
export const ProfileImageUploadedSchema = object({ imageUrl: z.url() });
export const PhotoUploadedSchema = component(
  "PhotoUploaded",
  object({
    id: note(z.guid(), 'What a save\'s `photos` names: `{"upload": id}`'),
    expiresAt: note(timestamp, "Until when it waits for that save; then it is gone"),
  }),
  "A photo uploaded for a page, waiting for the save that names it (docs/decisions/133)",
);
export const FriendCountSchema = object({ closeFriends: count });
export const CloseFriendsSchema = object({ closeFriends: z.array(CloseFriendSchema) });
export const FriendRemovedSchema = object({
  message: z.literal(FRIEND_REMOVED_MESSAGE),
  newCloseFriendsCount: count,
});
export const HealthSchema = object({ status: z.literal("ok") });
export const OpenApiAnswerSchema = note(z.looseObject({ openapi: z.literal("3.1.0") }), "OpenAPI 3.1");

// ---- The types the server's mappers return and the browser reads ----

export type ErrorAnswer = z.infer<typeof ErrorSchema>;
export type Me = z.infer<typeof MeSchema>;
export type SessionMe = z.infer<typeof SessionMeSchema>;
export type Journal = z.infer<typeof JournalSchema>;
export type JournalDay = z.infer<typeof JournalDaySchema>;
export type FeedAuthor = z.infer<typeof FeedAuthorSchema>;
export type FeedItem = z.infer<typeof FeedItemSchema>;
export type FeedPage = z.infer<typeof FeedPageSchema>;
export type SearchUser = z.infer<typeof SearchUserSchema>;
export type SuggestedUser = z.infer<typeof SuggestedUserSchema>;
export type PublicProfile = z.infer<typeof PublicProfileSchema>;
export type MyProfile = z.infer<typeof MyProfileSchema>;
export type CloseFriend = z.infer<typeof CloseFriendSchema>;
export type FriendRequest = z.infer<typeof FriendRequestSchema>;
export type PendingRequest = z.infer<typeof PendingRequestSchema>;
export type FriendStatus = (typeof FRIEND_STATUSES)[number];
