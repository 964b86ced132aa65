import { sql } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// The whole data model of docs/architecture.md. The database enforces every rule it can
// (lengths, uniqueness, anonymous ⇒ close-circle); the app checks too, for friendly messages.

/** A PostgreSQL full-text document; only PostgreSQL reads it (the diary's own search). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    googleSub: text("google_sub").unique(),
    // Null until the owner proves the address: a verification link, a password reset or Google (docs/decisions/011).
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    bio: text("bio").notNull().default(""),
    // Set by an operator (docs/decisions/069): no session, no sign-in, nothing of theirs shown.
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    location: text("location").notNull().default(""),
    // When the account is to be deleted, asked for by its owner (docs/decisions/075); null otherwise.
    // Housekeeping deletes it, and everything of theirs, once this time has passed.
    deletionDueAt: timestamp("deletion_due_at", { withTimezone: true }),
    // A storage key `profiles/<this user's id>/<uuid>.webp` of an image uploaded through
    // POST /api/upload/profile-image, never a URL; answers sign it for their viewer (docs/decisions/028).
    profileImageKey: text("profile_image_key"),
    // The language the owner chose for Inkwell (docs/decisions/144), on /me or at sign-up: their screens
    // on every device, and their mails. Null: the one each browser asks for.
    language: text("language").$type<Locale>(),
    // The language their mails are written in (docs/decisions/143): the chosen one, else the one
    // their browser last asked for when they signed up or in. One of lib/i18n/locales.ts LOCALES.
    browserLanguage: text("browser_language").$type<Locale>().notNull().default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    // Names are searched folded as the diary's words are (docs/decisions/140): case, accents and
    // Arabic and Hebrew vowel marks aside (inkwell_search_fold, migration 0044).
    index("users_name_trgm_idx").using("gin", sql`inkwell_search_fold(lower(${t.name})) gin_trgm_ops`),
    index("users_username_trgm_idx").using("gin", sql`${t.username} gin_trgm_ops`),
    // Search for one or two characters matches prefixes (lib/users/search.ts): a trigram index
    // cannot serve a pattern that short, a byte-ordered btree can, and hands rows over in order.
    index("users_username_prefix_idx").on(sql`${t.username} collate "C"`),
    index("users_name_prefix_idx").on(sql`inkwell_search_fold(lower(${t.name})) collate "C"`),
    // The newest members, the last fallback of the suggestions (lib/users/suggestions.ts).
    index("users_created_at_idx").on(t.createdAt.desc()),
    // The few suspended accounts, which every list of people and entries leaves out (docs/decisions/069).
    index("users_suspended_idx")
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
    // The few accounts waiting to be deleted, which housekeeping looks for (docs/decisions/075).
    index("users_deletion_due_idx")
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} is not null`),
    // Housekeeping asks which of a batch of stored files a row still points to (lib/maintenance).
    index("users_profile_image_key_idx")
      .on(t.profileImageKey)
      .where(sql`${t.profileImageKey} is not null`),
    check("users_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("users_username_format", sql`${t.username} ~ '^[a-z0-9_.]{3,30}$'`),
    check("users_email_length", sql`char_length(${t.email}) between 3 and 254`),
    check("users_browser_language", sql`${t.browserLanguage} in ('en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar')`),
    check("users_language", sql`${t.language} in ('en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar')`),
    check("users_bio_length", sql`char_length(${t.bio}) <= 500`),
    check("users_location_length", sql`char_length(${t.location}) <= 100`),
    check(
      "users_profile_image_key_format",
      sql`${t.profileImageKey} ~ '^profiles/[0-9a-f-]{36}/[0-9a-f-]{36}\\.webp$' and split_part(${t.profileImageKey}, '/', 2) = ${t.id}::text`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_id_idx").on(t.userId)],
);

// The links mailed to prove an address. `email` is the address the link was sent to: the link
// proves that one only, should the account's address ever change before it is used.
export const emailVerifications = pgTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_verifications_user_id_idx").on(t.userId)],
);

/** A change of address asked for on the Security screen, waiting for its link to be opened (docs/decisions/072). */
export const emailChanges = pgTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("email_changes_user_id_idx").on(t.userId),
    check("email_changes_new_email_length", sql`char_length(${t.newEmail}) between 3 and 254`),
  ],
);

/**
 * The way back from a completed change of address, mailed to the address it left (docs/decisions/072):
 * single use, EMAIL_CHANGE_UNDO_DAYS days, only its hash kept. Undoing brings the old address back and
 * ends every way in that the change could have given someone else.
 */
export const emailChangeUndos = pgTable(
  "email_change_undos",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_change_undos_user_id_idx").on(t.userId)],
);

/**
 * "This was not me", mailed with the notice of a new way in (two-factor sign-in turned on, a
 * passkey added; docs/decisions/101): single use, NOT_ME_LINK_DAYS days, only its hash kept, and
 * only ever sent to the account's verified address, which `sent_to` records. Using it ends every
 * way in; it is refused (and burnt) once the account's address is no longer `sent_to`.
 */
export const notMeLinks = pgTable(
  "not_me_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentTo: text("sent_to").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("not_me_links_user_id_idx").on(t.userId)],
);

/**
 * Two-factor sign-in (docs/decisions/073): the account's TOTP secret, encrypted (lib/auth/two-factor-crypto.ts),
 * pending until `enabledAt` is set by a first right code. `lastUsedStep` is the 30-second step of the
 * last code accepted: a code is taken once, never again within its window.
 */
export const twoFactors = pgTable("two_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** The ten single-use recovery codes of an account with two-factor sign-in on, as SHA-256 hashes (docs/decisions/073). */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A password (or Google) sign-in waiting for its second factor: 5 minutes, single use, only its hash kept (docs/decisions/073). */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("two_factor_challenges_user_id_idx").on(t.userId)],
);

/**
 * A passkey (docs/decisions/079): a WebAuthn credential the account signs in with, discoverable
 * so /login needs no username. Only its public key is kept; `counter` is the authenticator's
 * signature counter, which must grow (a clone gives itself away).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the authenticator gave it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text("name").notNull(),
    /** Synced between devices (a platform's passkey manager) or bound to one. */
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_key").on(t.credentialId),
    index("passkeys_user_id_idx").on(t.userId),
    check("passkeys_name_length", sql`char_length(${t.name}) between 1 and 240`),
    check("passkeys_credential_id_length", sql`char_length(${t.credentialId}) between 1 and 1400`),
    check("passkeys_counter_positive", sql`${t.counter} >= 0`),
  ],
);

/** The challenge of one WebAuthn ceremony, single use and short-lived (docs/decisions/079). */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    /** `register` (a signed-in person adding a passkey, `userId` set) or `login` (anyone). */
    purpose: text("purpose").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("webauthn_challenges_expires_at_idx").on(t.expiresAt),
    index("webauthn_challenges_user_id_idx").on(t.userId),
    check(
      "webauthn_challenges_purpose",
      sql`(${t.purpose} = 'register' and ${t.userId} is not null) or (${t.purpose} = 'login' and ${t.userId} is null)`,
    ),
  ],
);

export const visibility = pgEnum("visibility", ["private", "close-circle"]);

/** A locked page's sealed fields (client/lock/crypto.ts makes them; the server opens none). */
export interface SealedPage {
  v: 1;
  /** Grows with every sealed write of the page; each field's associated data names it. */
  revision: number;
  title: string;
  content: string;
  imageDescription: string | null;
  /**
   * The revision the photo was sealed for (its associated data names it): a page saved again keeps
   * its sealed photo without sending it again. Set by the server; null without a photo.
   */
  imageRevision: number | null;
}

/**
 * One of a page's photos after its cover (docs/decisions/133): the key of the photo shown (its
 * full-size copy's is derived, lib/storage/keys.ts) and its description, its alt text.
 */
export interface PagePhoto {
  key: string;
  description: string | null;
  /**
   * A locked page's photo (docs/decisions/139): the revision it was sealed for, which its
   * associated data names; its description is then a sealed item. Absent on a readable photo.
   */
  revision?: number;
}

/**
 * One person's diary lock (docs/decisions/115): their diary secret wrapped once per way to unlock
 * it, and the SHA-256 of a verifier derived from the secret, which a change of the wrappings must
 * show. Nothing here opens a page.
 */
export const diaryLocks = pgTable("diary_locks", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  verifierHash: text("verifier_hash").notNull(),
  wraps: jsonb("wraps").$type<WrappedSecretRow[]>().notNull(),
  /** Set when the person began turning the lock off: the browser is making every page readable again. */
  turningOffAt: timestamp("turning_off_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A wrapped diary secret as stored (client/lock/crypto.ts's WrappedSecret). */
export interface WrappedSecretRow {
  v: 1;
  kind: "passphrase" | "recovery" | "passkey";
  id: string;
  kdf?: { salt: string; memorySize: number; iterations: number; parallelism: number };
  sealed: string;
}

export const journals = pgTable(
  "journals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    visibility: visibility("visibility").notNull().default("private"),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    journalDate: date("journal_date", { mode: "string" }).notNull(),
    imageKey: text("image_key"),
    /** The photo's description, its alt text wherever it is shown (docs/decisions/045); null without a photo. */
    imageDescription: text("image_description"),
    /**
     * The writer's mood for the day, 1 (awful) to 5 (great), or none (docs/decisions/131): the
     * writer's alone, never in anything another person reads.
     */
    mood: smallint("mood"),
    /**
     * What the writer did that day (docs/decisions/136), names from their own list, in the order
     * chosen: at most ACTIVITIES_PER_PAGE_MAX. The writer's alone, like the mood.
     */
    activities: text("activities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The page's other photos, in order, after the cover (`image_key`): at most PHOTOS_MAX - 1
     * (docs/decisions/133). A locked page has none.
     */
    morePhotos: jsonb("more_photos")
      .$type<PagePhoto[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    likesCount: integer("likes_count").notNull().default(0),
    readsCount: integer("reads_count").notNull().default(0),
    /**
     * When the page came from an import (lib/imports, docs/decisions/078): its text may be longer
     * than the editor's 900 characters, up to IMPORTED_CONTENT_MAX, so that no word is lost.
     */
    importedAt: timestamp("imported_at", { withTimezone: true }),
    /**
     * A locked page's words, sealed in its writer's browser (docs/decisions/115): `title` and
     * `content` then hold only the placeholder every reader without the key shows. Null for a page
     * the server can read.
     */
    sealed: jsonb("sealed").$type<SealedPage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Where the entry sorts in the friends' feed: its exact time when signed, its UTC day when
    // anonymous, so neither its position between signed entries nor a cursor tells more of an
    // anonymous entry's time than its day (docs/decisions/025). Kept by PostgreSQL on every write.
    feedAt: timestamp("feed_at", { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(
        sql`case when is_anonymous then date_trunc('day', created_at at time zone 'UTC') at time zone 'UTC' else created_at end`,
      ),
    // The writer's own search (docs/decisions/060, 140): title and content as words, lower case,
    // without accents or Arabic and Hebrew vowel marks, Chinese and Japanese as pairs of characters
    // ('simple' keeps every language's words as they are; inkwell_search_text, migration 0044).
    // Kept by PostgreSQL on every write.
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, inkwell_search_text(title || ' ' || content))`),
    // The entry's #tags, case-folded and distinct (inkwell_tags, migration 0015). Kept by PostgreSQL.
    tags: text("tags")
      .array()
      .notNull()
      .generatedAlwaysAs(sql`inkwell_tags(title || ' ' || content)`),
    // The bytes of the entry's text, readable and sealed, with the other photos (their descriptions)
    // and the activities (inkwell_extra_bytes, migration 0042): a page of the List is bounded by their
    // sum (lib/journals/timeline.ts, docs/decisions/123), known before any text is read. Kept by PostgreSQL.
    textBytes: integer("text_bytes")
      .notNull()
      .generatedAlwaysAs(
        sql`octet_length(title) + octet_length(content) + coalesce(octet_length(image_description), 0) + coalesce(octet_length(sealed ->> 'title'), 0) + coalesce(octet_length(sealed ->> 'content'), 0) + coalesce(octet_length(sealed ->> 'imageDescription'), 0) + inkwell_extra_bytes(more_photos, activities)`,
      ),
  },
  (t) => [
    uniqueIndex("journals_author_day_key").on(t.authorId, t.journalDate),
    index("journals_author_created_idx").on(t.authorId, t.createdAt.desc()),
    // The latest signed entries shared with the close circle, over everybody: the "recently active
    // writers" of the suggestions (private and anonymous entries tell nobody who writes).
    index("journals_recent_signed_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.visibility} = 'close-circle' and not ${t.isAnonymous}`),
    // Housekeeping asks which of a batch of stored files a row still points to (lib/maintenance).
    index("journals_image_key_idx")
      .on(t.imageKey)
      .where(sql`${t.imageKey} is not null`),
    // And which the other photos hold (inkwell_photo_keys, migration 0040).
    index("journals_more_photo_keys_idx").using("gin", sql`inkwell_photo_keys(${t.morePhotos})`),
    // The friends' feed (lib/feed): each friend's shared entries in feed order, read per friend.
    // `is_anonymous` rides along last (after the unique id it changes no order) so a mute, which
    // hides only signed entries, is judged in the index too (docs/decisions/067).
    index("journals_feed_idx")
      .on(t.authorId, t.feedAt.desc(), t.id.desc(), t.isAnonymous)
      .where(sql`${t.visibility} = 'close-circle'`),
    // One writer's tag filter: the author's key and the tags in one GIN index (btree_gin). Their
    // search has no index of its own: it reads the writer's entries through journals_author_day_key
    // and matches each stored vector, which is faster than any word index (docs/decisions/060).
    index("journals_author_tags_idx").using("gin", t.authorId, t.tags),
    // The 100, 900 and 300 limits count what a person sees (graphemes, checked in lib/validation);
    // one grapheme can be several code points, so the database bounds are backstops.
    check("journals_title_length", sql`char_length(btrim(${t.title})) between 1 and 800`),
    // An imported page keeps its whole text (docs/decisions/078): its backstop is IMPORTED_CONTENT_MAX.
    check(
      "journals_content_length",
      sql`char_length(btrim(${t.content})) between 1 and (case when ${t.importedAt} is null then 7200 else 200000 end)`,
    ),
    check("journals_image_description_length", sql`char_length(${t.imageDescription}) between 1 and 2400`),
    check("journals_anonymous_shared", sql`not ${t.isAnonymous} or ${t.visibility} = 'close-circle'`),
    // Only a private page can be locked; what its circle reads, the server must be able to read.
    check("journals_sealed_private", sql`${t.sealed} is null or ${t.visibility} = 'private'`),
    check("journals_counts_positive", sql`${t.likesCount} >= 0 and ${t.readsCount} >= 0`),
    check("journals_mood_steps", sql`${t.mood} between 1 and 5`),
    check("journals_activities_count", sql`cardinality(${t.activities}) <= 10`),
    check(
      "journals_more_photos_list",
      sql`jsonb_typeof(${t.morePhotos}) = 'array' and jsonb_array_length(${t.morePhotos}) <= 5 and (${t.imageKey} is not null or jsonb_array_length(${t.morePhotos}) = 0)`,
    ),
  ],
);

export const likes = pgTable(
  "likes",
  {
    journalId: uuid("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.userId] }), index("likes_user_id_idx").on(t.userId)],
);

export const journalReads = pgTable(
  "journal_reads",
  {
    journalId: uuid("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    viewerId: uuid("viewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.journalId, t.viewerId, t.day] }),
    // Housekeeping folds the rows of past days into reads_count (lib/journals/reads.ts).
    index("journal_reads_day_idx").on(t.day),
  ],
);

export const friendRequestStatus = pgEnum("friend_request_status", ["pending", "accepted", "rejected"]);

export const friendRequests = pgTable(
  "friend_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromId: uuid("from_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toId: uuid("to_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: friendRequestStatus("status").notNull().default("pending"),
    createdAt: createdAt(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
  },
  (t) => [
    // At most one pending request per pair, whichever way it goes.
    uniqueIndex("friend_requests_one_pending_per_pair")
      .on(sql`least(${t.fromId}, ${t.toId})`, sql`greatest(${t.fromId}, ${t.toId})`)
      .where(sql`${t.status} = 'pending'`),
    index("friend_requests_to_status_idx").on(t.toId, t.status),
    index("friend_requests_from_idx").on(t.fromId),
    check("friend_requests_not_self", sql`${t.fromId} <> ${t.toId}`),
  ],
);

// Stored both ways (a→b and b→a) so the feed is one indexed join.
export const friendships = pgTable(
  "friendships",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    friendId: uuid("friend_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index("friendships_friend_id_idx").on(t.friendId),
    check("friendships_not_self", sql`${t.userId} <> ${t.friendId}`),
  ],
);

// Browsers that have signed in to an account before (the OWASP "device cookie"): the right
// password still gets in from them while the account is locked for everyone else (docs/decisions/013).
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("trusted_devices_user_id_idx").on(t.userId)],
);

// Kept in PostgreSQL so a limit holds across every app instance.
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
    count: integer("count").notNull().default(0),
  },
  // Housekeeping deletes the rows whose window is over (lib/maintenance): one per key ever tried.
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * Idempotency keys of entry writes (docs/decisions/081): the first request with a key runs and its
 * answer is kept, per person, so a retry gets that answer instead of a second write. `status` is
 * null while the first request runs. Housekeeping deletes rows older than 24 hours (lib/maintenance).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** The method and route the key was first used with ("PUT /api/journals/{id}" with its id). */
    target: text("target").notNull(),
    /** SHA-256 of the request's fields and photo: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: smallint("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
    check("idempotency_keys_key_length", sql`char_length(${t.key}) between 1 and 255`),
  ],
);

// Secrets every instance must share, made at random on first use so that nothing needs configuring
// (lib/secrets): the default key of the signed image URLs (docs/decisions/024).
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

// The daily reminder (docs/decisions/061): at `minuteOfDay` in `timeZone`, on the ISO weekdays of
// the `weekdays` bits (bit 0 = Monday … bit 6 = Sunday), a writer with no entry for that local day
// gets one mail. `lastSentDay` is the local day of the last one: claiming it in one UPDATE is what
// sends at most one per local day across every instance.
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(false),
    minuteOfDay: smallint("minute_of_day").notNull().default(1200),
    timeZone: text("time_zone").notNull().default("UTC"),
    weekdays: smallint("weekdays").notNull().default(127),
    lastSentDay: date("last_sent_day", { mode: "string" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reminder_settings_enabled_idx")
      .on(t.userId)
      .where(sql`${t.enabled}`),
    check("reminder_settings_minute", sql`${t.minuteOfDay} between 0 and 1439`),
    check("reminder_settings_weekdays", sql`${t.weekdays} between 0 and 127`),
    check("reminder_settings_time_zone_length", sql`char_length(${t.timeZone}) between 1 and 64`),
  ],
);

// Block and mute (docs/decisions/067). A block makes the two invisible to each other (profiles,
// search, suggestions, requests, the inbox, replies) and ended their friendship when it was made; a
// mute takes a friend's signed entries out of the muter's feed and On This Day, and tells nobody.
export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const mutes = pgTable(
  "mutes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedId: uuid("muted_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedId] }),
    index("mutes_muted_idx").on(t.mutedId),
    check("mutes_not_self", sql`${t.userId} <> ${t.mutedId}`),
  ],
);

// Private replies (docs/decisions/066): a reader's private conversation with the writer of an
// entry they may read. A thread is (journal, reader); each message is the reader's or the writer's
// (`fromWriter`). Nobody else sees it; on an anonymous entry the reader is never told who the
// writer is (lib/replies). Gone with the entry, the reader's account or the writer's.
export const replies = pgTable(
  "replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    journalId: uuid("journal_id")
      .notNull()
      .references(() => journals.id, { onDelete: "cascade" }),
    readerId: uuid("reader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromWriter: boolean("from_writer").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("replies_thread_idx").on(t.journalId, t.readerId, t.createdAt),
    index("replies_reader_idx").on(t.readerId),
    // 500 characters as a person sees them (lib/validation); the database bound is a backstop.
    check("replies_text_length", sql`char_length(btrim(${t.text})) between 1 and 4000`),
  ],
);

// Reports (docs/decisions/068): someone who can see an entry, a reply or a person tells the
// operators about it. One open report per reporter and thing; gone with the thing reported.
export const reportReason = pgEnum("report_reason", ["spam", "harassment", "self-harm", "other"]);
export const reportStatus = pgEnum("report_status", ["open", "dismissed", "actioned"]);

export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    journalId: uuid("journal_id").references(() => journals.id, { onDelete: "cascade" }),
    replyId: uuid("reply_id").references(() => replies.id, { onDelete: "cascade" }),
    reportedUserId: uuid("reported_user_id").references(() => users.id, { onDelete: "cascade" }),
    reason: reportReason("reason").notNull(),
    note: text("note"),
    status: reportStatus("status").notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("reports_one_open")
      .on(t.reporterId, sql`coalesce(${t.journalId}, ${t.replyId}, ${t.reportedUserId})`)
      .where(sql`${t.status} = 'open'`),
    index("reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("reports_journal_idx").on(t.journalId),
    index("reports_reply_idx").on(t.replyId),
    index("reports_reported_user_idx").on(t.reportedUserId),
    check("reports_one_thing", sql`num_nonnulls(${t.journalId}, ${t.replyId}, ${t.reportedUserId}) = 1`),
    // 500 characters as a person sees them (lib/validation); the database bound is a backstop.
    check("reports_note_length", sql`char_length(${t.note}) between 1 and 4000`),
  ],
);

// What the operators did (docs/decisions/069): one row per action, never changed or deleted (a
// trigger refuses both, migration 0021). Plain ids, no foreign keys: the record outlives what it
// is about.
export const moderationAction = pgEnum("moderation_action", ["dismiss", "remove", "suspend", "unsuspend"]);

export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id").notNull(),
    action: moderationAction("action").notNull(),
    reportId: uuid("report_id"),
    targetUserId: uuid("target_user_id"),
    journalId: uuid("journal_id"),
    replyId: uuid("reply_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_actions_created_idx").on(t.createdAt.desc()),
    check("moderation_actions_note_length", sql`char_length(${t.note}) between 1 and 4000`),
  ],
);

// The activity inbox (docs/decisions/063): one row per thing that happened to `userId` — a friend
// request received, a request of theirs accepted, a heart on one of their entries, a private reply
// (decision 066). Written in the same statement or transaction as the thing itself, and gone with
// it: a heart taken back deletes its row, a cancelled request's row goes with the request
// (cascade), an entry's with the entry, a reply's with the reply. Hearts are grouped per entry and
// UTC day when read; one row per heart and person at most.
export const notificationKind = pgEnum("notification_kind", ["friend-request", "friend-accepted", "heart", "reply"]);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKind("kind").notNull(),
    // Who did it. A reply from the writer of an anonymous entry names them here too, and is never
    // shown with it (lib/notifications masks it when read).
    actorId: uuid("actor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    journalId: uuid("journal_id").references(() => journals.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => friendRequests.id, { onDelete: "cascade" }),
    replyId: uuid("reply_id").references(() => replies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // One heart notification per entry and person (lib/likes/hearts.ts inserts `on conflict do nothing`).
    uniqueIndex("notifications_one_heart")
      .on(t.journalId, t.actorId)
      .where(sql`${t.kind} = 'heart'`),
    // An entry's deletion finds its rows through it.
    index("notifications_journal_idx").on(t.journalId),
    index("notifications_actor_idx").on(t.actorId),
    index("notifications_request_idx").on(t.requestId),
    index("notifications_reply_idx").on(t.replyId),
    // Compared as text: a migration may not use an enum value it adds in the same transaction.
    check("notifications_heart_journal", sql`(${t.kind}::text in ('heart', 'reply')) = (${t.journalId} is not null)`),
    check("notifications_request", sql`(${t.kind}::text in ('heart', 'reply')) = (${t.requestId} is null)`),
    check("notifications_reply", sql`(${t.kind}::text = 'reply') = (${t.replyId} is not null)`),
  ],
);

export const exportState = pgEnum("export_state", ["queued", "running", "ready", "failed"]);

/**
 * "Export everything" (docs/decisions/074): one row per export a person asked for, built by the
 * job worker into a ZIP under `exports/` in storage. A ready export is downloadable until
 * `expires_at`; housekeeping then deletes its file and its row.
 */
export const exports = pgTable(
  "exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: exportState("state").notNull().default("queued"),
    /** How many entries the export holds, counted when the worker starts it. */
    entriesTotal: integer("entries_total").notNull().default(0),
    /** Each entry is two steps: its Journal.json record (its photo read for its md5), then its files. */
    stepsDone: integer("steps_done").notNull().default(0),
    storageKey: text("storage_key"),
    createdAt: createdAt(),
    /** Moved on while the worker writes, so an export whose worker died can be told from a slow one. */
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    // At most one export per person under way: a second start is a 409 (docs/style.md 5).
    uniqueIndex("exports_one_under_way")
      .on(t.userId)
      .where(sql`${t.state} in ('queued', 'running')`),
    index("exports_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("exports_state_idx").on(t.state, t.createdAt),
    check("exports_counts", sql`${t.stepsDone} >= 0 and ${t.entriesTotal} >= 0`),
    check(
      "exports_ready_has_file",
      sql`(${t.state} <> 'ready') or (${t.storageKey} is not null and ${t.expiresAt} is not null)`,
    ),
  ],
);

export const importState = pgEnum("import_state", ["queued", "running", "done", "failed"]);

/**
 * "Import from Day One" (docs/decisions/078): one row per uploaded ZIP, checked in the request and
 * read by the job worker. `storage_key` names the upload under `imports/<user id>/` until the
 * import ends (then the file goes, lib/maintenance/imports.ts); `report` is what the person is told.
 */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: importState("state").notNull().default("queued"),
    /** Days read so far, and how many the ZIP holds (counted when the worker starts). */
    processed: integer("processed").notNull().default(0),
    total: integer("total").notNull().default(0),
    storageKey: text("storage_key"),
    /** Counts, dates, file names and reasons: never a word of the text (lib/imports/report.ts). */
    report: jsonb("report"),
    createdAt: createdAt(),
    /** Moved on while the worker reads, so an import whose worker died can be told from a slow one. */
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    // At most one import per person under way: a second one is a 409 (docs/style.md 5).
    uniqueIndex("imports_one_under_way")
      .on(t.userId)
      .where(sql`${t.state} in ('queued', 'running')`),
    index("imports_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("imports_state_idx").on(t.state, t.createdAt),
    check("imports_counts", sql`${t.processed} >= 0 and ${t.total} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type Journal = typeof journals.$inferSelect;

// Push notifications (docs/decisions/082). A browser's subscription belongs to the session that
// made it: signing out or ending that session elsewhere takes the device's pushes with it. An
// endpoint is one device's, so it is unique; subscribed again by another person it moves to them.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId, t.updatedAt.desc()),
    index("push_subscriptions_session_idx").on(t.sessionId),
    check("push_subscriptions_endpoint_length", sql`char_length(${t.endpoint}) between 1 and 1024`),
    check("push_subscriptions_keys", sql`${t.p256dh} ~ '^[A-Za-z0-9_-]{87}$' and ${t.auth} ~ '^[A-Za-z0-9_-]{22}$'`),
  ],
);

// The notifications waiting for the push job (lib/push/run.ts): written with the notification, in
// its statement or transaction, and taken by the job; gone with the notification.
export const pushOutbox = pgTable("push_outbox", {
  notificationId: uuid("notification_id")
    .primaryKey()
    .references(() => notifications.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// Hearts are pushed at most once an hour per entry (docs/decisions/082): when the last one went.
export const pushHeartGroups = pgTable("push_heart_groups", {
  journalId: uuid("journal_id")
    .primaryKey()
    .references(() => journals.id, { onDelete: "cascade" }),
  pushedAt: timestamp("pushed_at", { withTimezone: true }).notNull(),
});

// Which notifications go where (docs/decisions/082). No row means the defaults: every kind pushed
// to the devices the person turned on, and the reminder mailed as before.
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  friendRequestPush: boolean("friend_request_push").notNull().default(true),
  friendAcceptedPush: boolean("friend_accepted_push").notNull().default(true),
  heartPush: boolean("heart_push").notNull().default(true),
  replyPush: boolean("reply_push").notNull().default(true),
  reminderEmail: boolean("reminder_email").notNull().default(true),
  reminderPush: boolean("reminder_push").notNull().default(false),
  updatedAt: updatedAt(),
});

// A person's templates (docs/decisions/125-templates.md): a name, and the title and text a new
// page starts from. Only their owner sees them; gone with the account. The lengths are backstops in
// code points (CODE_POINTS_PER_CHARACTER times the limits of lib/templates/limits.ts).
export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    title: text("title").notNull().default(""),
    content: text("content").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("templates_user_name_key").on(t.userId, sql`lower(${t.name})`),
    check("templates_name_length", sql`char_length(${t.name}) between 1 and 480`),
    check("templates_title_length", sql`char_length(${t.title}) <= 800`),
    check("templates_content_length", sql`char_length(${t.content}) <= 7200`),
    check("templates_not_empty", sql`${t.title} <> '' or ${t.content} <> ''`),
  ],
);

// A person's own list of activities to choose from for a day (lib/activities, docs/decisions/136):
// one row a person, made at their first change; without one they are offered ACTIVITY_DEFAULTS.
export const activityLists = pgTable(
  "activity_lists",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    names: text("names").array().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("activity_lists_count", sql`cardinality(${t.names}) <= 30`)],
);

// Every earlier version of a page, and the pages in Recently deleted (lib/journals/versions.ts,
// docs/decisions/127-every-earlier-version-kept.md). A row is a page as it was: replaced by a save
// (`deleted` false) or as it was deleted (`deleted` true, at most one a page). Only their writer
// ever reads them; kept 30 days, at most VERSIONS_MAX a page, gone with the account. `journal_id`
// names the page without a foreign key: a deleted page's versions outlive its row until restored.
export const pageVersions = pgTable(
  "page_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    journalId: uuid("journal_id").notNull(),
    journalDate: date("journal_date", { mode: "string" }).notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    visibility: visibility("visibility").notNull(),
    isAnonymous: boolean("is_anonymous").notNull(),
    imageKey: text("image_key"),
    imageDescription: text("image_description"),
    morePhotos: jsonb("more_photos")
      .$type<PagePhoto[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    mood: smallint("mood"),
    activities: text("activities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    sealed: jsonb("sealed").$type<SealedPage>(),
    /** When the page was first written: a page restored from Recently deleted keeps its place. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When this version was saved (the page's updatedAt then). */
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
    /** When it was replaced, or deleted: its 30 days count from here. */
    keptAt: timestamp("kept_at", { withTimezone: true }).notNull().defaultNow(),
    deleted: boolean("deleted").notNull().default(false),
  },
  (t) => [
    index("page_versions_page_idx").on(t.authorId, t.journalId, t.keptAt.desc()),
    uniqueIndex("page_versions_deleted_key")
      .on(t.journalId)
      .where(sql`${t.deleted}`),
    index("page_versions_kept_idx").on(t.keptAt),
    // Housekeeping asks which stored files a version still points to (lib/maintenance/photos.ts).
    index("page_versions_image_key_idx")
      .on(t.imageKey)
      .where(sql`${t.imageKey} is not null`),
    index("page_versions_more_photo_keys_idx").using("gin", sql`inkwell_photo_keys(${t.morePhotos})`),
  ],
);

/**
 * A photo uploaded for a page and not yet saved with it (docs/decisions/133): POST
 * /api/upload/entry-photo processes and stores it, a save of the page names it within
 * PHOTO_UPLOAD_HOURS, and the row goes. Only its uploader can name it. Housekeeping removes the
 * file of one never saved, as any file no page points to, and the row with it. A locked page's
 * photo, sealed in the browser (`entries/<uuid>.sealed`, docs/decisions/139), keeps the revision
 * its associated data names, and only such a photo has one.
 */
export const photoUploads = pgTable(
  "photo_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull().unique(),
    sealedRevision: integer("sealed_revision"),
    createdAt: createdAt(),
  },
  (t) => [
    index("photo_uploads_user_idx").on(t.userId, t.createdAt),
    check(
      "photo_uploads_sealed_revision",
      sql`(${t.sealedRevision} is not null) = (${t.key} like '%.sealed') and coalesce(${t.sealedRevision}, 1) >= 1`,
    ),
  ],
);
