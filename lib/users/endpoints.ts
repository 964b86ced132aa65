import { STEP_UP_REFUSALS } from "@/lib/auth/step-up-limits";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { IMAGE_DAMAGED_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, IMAGE_UNSUPPORTED_MESSAGE } from "@/lib/images/messages";
import { UpdateProfileSchema } from "@/lib/validation/profile";
import {
  BIO_MAX,
  BIO_TOO_LONG_MESSAGE,
  LOCATION_MAX,
  LOCATION_TOO_LONG_MESSAGE,
  PROFILE_IMAGE_URL_MESSAGE,
} from "@/lib/validation/profile-limits";
import {
  EXCLUDE_MESSAGE,
  SEARCH_MAX,
  PEOPLE_SEARCH_TOO_LONG_MESSAGE,
  SUGGESTED_DEFAULT,
  SUGGESTED_MAX,
  SUGGESTED_OFFSET_MAX,
  SearchQuerySchema,
  SuggestedQuerySchema,
} from "@/lib/validation/users";
import { notAllowedInLineMessage } from "@/lib/validation/fields";
import * as A from "@/lib/contract/answers";
import * as U from "@/lib/contract/people";
import * as Sec from "@/lib/contract/security";
import { CHANGE_PASSWORD_MAX_TRIES, CHANGE_PASSWORD_WINDOW_SECONDS } from "@/lib/auth/password-change-limits";
import {
  DELETION_ALREADY_SCHEDULED_MESSAGE,
  FRESH_SIGN_IN_MINUTES,
  NO_DELETION_SCHEDULED_MESSAGE,
  NO_PASSWORD_TO_DELETE_MESSAGE,
} from "@/lib/users/account-deletion-limits";
import { DeleteAccountSchema } from "@/lib/validation/auth";

import {
  BLOCK_SELF_MESSAGE,
  BLOCKS_MAX,
  MUTE_SELF_MESSAGE,
  MUTES_MAX,
  NOT_BLOCKED_MESSAGE,
  NOT_MUTED_MESSAGE,
  TOO_MANY_BLOCKS_MESSAGE,
  TOO_MANY_MUTES_MESSAGE,
} from "@/lib/users/block-limits";
import { TAG, type Endpoint } from "@/lib/http/endpoint";
import { LIMIT_WHOLE_MESSAGE, LIMIT_MIN_MESSAGE } from "@/lib/validation/feed-limits";

import {
  USER_NOT_FOUND,
  USERNAME_IS_TAKEN_MESSAGE,
  PROFILE_IMAGE_GONE_MESSAGE,
  PROFILE_IMAGE_MISSING_MESSAGE,
} from "@/lib/users/messages";
import { IMAGE_NOT_FOUND } from "@/lib/signed-urls/messages";

// People: search, profiles, blocking and muting, and the caller's own profile (lib/users; docs/decisions/028).

const userId = { userId: { description: "A person's id; a malformed one is a 404 like an unknown one" } };

export const USER_ENDPOINTS = [
  {
    method: "get",
    path: "/api/search",
    tag: TAG.people,
    summary: "People whose name or username contains the text",
    description:
      "Case-insensitive, accents and Arabic and Hebrew vowel marks aside in names (docs/decisions/140), best matches first, at most 10, never the caller. `%`, `_` and `\\` stand for themselves.",
    auth: "session",
    query: {
      schema: SearchQuerySchema,
      descriptions: { q: `Up to ${SEARCH_MAX} characters; missing or blank finds nobody` },
    },
    answers: [{ status: 200, description: "The people found", schema: A.SearchAnswerSchema }],
    failures: [[400, PEOPLE_SEARCH_TOO_LONG_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/search/suggested",
    tag: TAG.people,
    summary: "People the caller might know",
    description:
      "Never the caller, their friends, or `exclude`. `offset` skips the ones already shown, which is how 'refresh' gets the next ones (docs/decisions/022). Writers are suggested for their signed entries shared with the close circle only, never for private or anonymous ones (docs/decisions/042).",
    auth: "session",
    query: {
      schema: SuggestedQuerySchema,
      descriptions: {
        limit: `At least 1, default ${SUGGESTED_DEFAULT}; more than ${SUGGESTED_MAX} gives ${SUGGESTED_MAX}`,
        offset: `0–${SUGGESTED_OFFSET_MAX}, default 0`,
        exclude: "A user id never to suggest: the owner of the profile the list is shown beside",
      },
    },
    answers: [{ status: 200, description: "Suggestions", schema: A.SuggestedAnswerSchema }],
    failures: [
      [
        400,
        LIMIT_WHOLE_MESSAGE,
        LIMIT_MIN_MESSAGE,
        "Offset must be a whole number",
        `Offset must be at most ${SUGGESTED_OFFSET_MAX}`,
        EXCLUDE_MESSAGE,
      ],
    ],
  },
  {
    method: "get",
    path: "/api/users/{userId}",
    tag: TAG.people,
    summary: "A person's public profile and totals",
    description:
      "Someone who blocked the caller, or whom the caller blocked, is a 404 like an unknown id (docs/decisions/067).",
    auth: "session",
    params: userId,
    answers: [{ status: 200, description: "The profile", schema: A.PublicProfileAnswerSchema }],
    failures: [[404, USER_NOT_FOUND]],
  },
  {
    method: "post",
    path: "/api/users/{userId}/block",
    tag: TAG.people,
    summary: "Block a person",
    description: `Ends the friendship and any pending request both ways and removes the notifications between the two. From then on each is invisible to the other: the profile and a friend's page are 404s, search and suggestions leave them out, a request from the blocked person is the 404 of an unknown id, the caller's private-reply threads and hearts lists leave them out. The blocked person is not told. Blocking again changes nothing; at most ${BLOCKS_MAX} people (docs/decisions/067).`,
    auth: "session",
    params: userId,
    answers: [{ status: 200, description: "Blocked", schema: U.BlockedSchema }],
    failures: [
      [400, BLOCK_SELF_MESSAGE],
      [404, USER_NOT_FOUND],
      [409, TOO_MANY_BLOCKS_MESSAGE],
    ],
  },
  {
    method: "delete",
    path: "/api/users/{userId}/block",
    tag: TAG.people,
    summary: "Unblock a person",
    description: "Restores nothing: no friendship, request or notification comes back.",
    auth: "session",
    params: userId,
    answers: [{ status: 200, description: "Unblocked", schema: U.UnblockedSchema }],
    failures: [[404, NOT_BLOCKED_MESSAGE]],
  },
  {
    method: "post",
    path: "/api/users/{userId}/mute",
    tag: TAG.people,
    summary: "Mute a person",
    description: `Their entries shared under their name leave the caller's feed and On This Day; nothing else changes and they are not told. Their anonymous entries stay: hiding them would tell which anonymous entries are theirs. Muting again changes nothing; at most ${MUTES_MAX} people (docs/decisions/067).`,
    auth: "session",
    params: userId,
    answers: [{ status: 200, description: "Muted", schema: U.MutedSchema }],
    failures: [
      [400, MUTE_SELF_MESSAGE],
      [404, USER_NOT_FOUND],
      [409, TOO_MANY_MUTES_MESSAGE],
    ],
  },
  {
    method: "delete",
    path: "/api/users/{userId}/mute",
    tag: TAG.people,
    summary: "Unmute a person",
    auth: "session",
    params: userId,
    answers: [{ status: 200, description: "Unmuted", schema: U.UnmutedSchema }],
    failures: [[404, NOT_MUTED_MESSAGE]],
  },
  {
    method: "get",
    path: "/api/users/{userId}/avatar",
    tag: TAG.people,
    summary: "A person's profile picture",
    description:
      "Any signed-in person may see anyone's picture. `profileImage` URLs carry a signature for their viewer (query `v`, `u`, `e`, `s`; docs/decisions/028).",
    auth: "signed-url",
    params: userId,
    answers: [
      { status: 200, description: "The picture", contentType: "image/*" },
      {
        status: 302,
        description: "With S3 storage: to a short-lived presigned URL",
        headers: { Location: "The presigned URL" },
      },
    ],
    failures: [[404, IMAGE_NOT_FOUND]],
  },
  {
    method: "get",
    path: "/api/myprofile",
    tag: TAG.profile,
    summary: "The caller's own profile and totals",
    auth: "session",
    answers: [{ status: 200, description: "The profile", schema: A.MyProfileSchema }],
  },
  {
    method: "delete",
    path: "/api/myprofile",
    tag: TAG.profile,
    summary: "Ask to delete the caller's account",
    description: `Nothing is deleted at once: the account is deleted with everything of it (entries, photos, the picture, hearts given, reads, friendships, requests, notifications, private replies, reports, sessions, links) by the first housekeeping pass \`ACCOUNT_DELETION_GRACE_DAYS\` days later (7 unless set; \`deletionDueAt\` says when), and friends' feeds and inboxes lose it then. Every session ends now, this one too (its cookie is cleared), and the address is mailed when it will happen, how to cancel (sign in, then POST /api/myprofile/cancel-deletion) and where to download the journal first. A password account sends its password (tries counted with the password change's, ${CHANGE_PASSWORD_MAX_TRIES} per account in ${CHANGE_PASSWORD_WINDOW_SECONDS / 60} minutes); a Google-only account sends \`{}\` from a session Google made in the last ${FRESH_SIGN_IN_MINUTES} minutes. With two-factor sign-in on, a \`code\` too: the app's or a recovery code, counted as two-factor codes are (docs/decisions/073, 075).`,
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.auth,
      schema: DeleteAccountSchema,
      descriptions: {
        password: "The account's password; left out by a Google-only account",
        code: "With two-factor sign-in on: a code from the app or a recovery code",
      },
    },
    answers: [
      { status: 202, description: "Scheduled; signed out everywhere", schema: Sec.AccountDeletionScheduledSchema },
    ],
    failures: [
      [400, ...STEP_UP_REFUSALS],
      [403, NO_PASSWORD_TO_DELETE_MESSAGE],
      [409, DELETION_ALREADY_SCHEDULED_MESSAGE],
    ],
    rateLimited: `${CHANGE_PASSWORD_MAX_TRIES} password tries per account in ${CHANGE_PASSWORD_WINDOW_SECONDS / 60} minutes`,
  },
  {
    method: "post",
    path: "/api/myprofile/cancel-deletion",
    tag: TAG.profile,
    summary: "Keep the caller's account after all",
    description:
      "Cancels a deletion asked for with DELETE /api/myprofile, any time before it happens (docs/decisions/075).",
    auth: "session",
    answers: [{ status: 200, description: "Cancelled", schema: Sec.AccountDeletionCancelledSchema }],
    failures: [[409, NO_DELETION_SCHEDULED_MESSAGE]],
  },
  {
    method: "put",
    path: "/api/myprofile",
    tag: TAG.profile,
    summary: "Change the caller's profile",
    description:
      "Every field is optional: one left out keeps its value. The answer is the whole profile, as GET gives it.",
    auth: "session",
    body: {
      encoding: "json",
      maxBytes: BODY_LIMITS.profile,
      schema: UpdateProfileSchema,
      descriptions: {
        name: "As at sign-up",
        username: "As at sign-up; stored lower-case",
        bio: `At most ${BIO_MAX} characters after trimming; null means empty`,
        location: `At most ${LOCATION_MAX} characters after trimming; null means empty`,
        profileImage: "null or empty removes the picture; otherwise an `imageUrl` this server gave the caller",
      },
    },
    answers: [{ status: 200, description: "The updated profile", schema: A.MyProfileSchema }],
    failures: [
      [
        400,
        BIO_TOO_LONG_MESSAGE,
        LOCATION_TOO_LONG_MESSAGE,
        notAllowedInLineMessage("Location"),
        PROFILE_IMAGE_URL_MESSAGE,
        PROFILE_IMAGE_GONE_MESSAGE,
      ],
      [409, USERNAME_IS_TAKEN_MESSAGE],
    ],
  },
  {
    method: "post",
    path: "/api/upload/profile-image",
    tag: TAG.profile,
    summary: "Upload a picture for the profile",
    description: "The picture becomes the caller's only when a PUT /api/myprofile names its `imageUrl`.",
    auth: "session",
    body: {
      encoding: "multipart",
      maxBytes: BODY_LIMITS.upload,
      required: true,
      files: { image: "JPEG, PNG, WebP, GIF, AVIF or HEIC up to 5 MB; cropped to a centred square of at most 400×400" },
    },
    answers: [{ status: 200, description: "The picture's URL", schema: A.ProfileImageUploadedSchema }],
    failures: [
      [400, PROFILE_IMAGE_MISSING_MESSAGE, IMAGE_DAMAGED_MESSAGE],
      [413, IMAGE_TOO_LARGE_MESSAGE],
      [415, IMAGE_UNSUPPORTED_MESSAGE],
    ],
  },
  {
    method: "get",
    path: "/api/myprofile/blocked",
    tag: TAG.profile,
    summary: "The people the caller blocked, latest first",
    auth: "session",
    answers: [{ status: 200, description: "The blocked people", schema: U.BlockedListSchema }],
  },
  {
    method: "get",
    path: "/api/myprofile/muted",
    tag: TAG.profile,
    summary: "The people the caller muted, latest first",
    auth: "session",
    answers: [{ status: 200, description: "The muted people", schema: U.MutedListSchema }],
  },
] as const satisfies readonly Endpoint[];
