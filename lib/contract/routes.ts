import type { z } from "zod";
import * as A from "./answers";
import * as D from "./diary";
import * as S from "./settings";
import * as N from "./notifications";
import * as U from "./people";
import * as P from "./past";
import * as R from "./replies";
import * as Rp from "./reports";
import * as Ad from "./admin";
import * as Sec from "./security";
import * as Ex from "./exports";
import * as Im from "./imports";
import * as Pu from "./push";

// Each JSON route's success answer, by "METHOD /path" as the reference names it
// (docs/decisions/046). lib/openapi documents these very schemas (tests/unit/contract.test.ts
// checks that they agree); the browser's typed fetch (client/api.ts) reads `ApiAnswers`, a type only.

export const ROUTE_ANSWERS = {
  "POST /api/auth/register": A.RegisterAnswerSchema,
  "POST /api/auth/login": Sec.LoginResultSchema,
  "POST /api/auth/2fa/setup": Sec.TwoFactorSetupSchema,
  "POST /api/auth/2fa/enable": Sec.TwoFactorEnabledSchema,
  "POST /api/auth/2fa/disable": Sec.TwoFactorDisabledSchema,
  "POST /api/auth/2fa/verify": A.LoginAnswerSchema,
  "POST /api/auth/logout": A.MessageSchema,
  "GET /api/auth/sessions": Sec.SessionListSchema,
  "DELETE /api/auth/sessions/{id}": Sec.SessionEndedSchema,
  "POST /api/auth/sessions/revoke-others": Sec.OtherSessionsEndedSchema,
  "POST /api/auth/change-password": Sec.PasswordChangedSchema,
  "GET /api/auth/passkeys": Sec.PasskeyListSchema,
  "POST /api/auth/passkeys": Sec.PasskeyAddedSchema,
  "POST /api/auth/passkeys/options": Sec.PasskeyCreationOptionsSchema,
  "PUT /api/auth/passkeys/{id}": Sec.PasskeyRenamedSchema,
  "DELETE /api/auth/passkeys/{id}": Sec.PasskeyRemovedSchema,
  "POST /api/auth/passkey-login/options": Sec.PasskeyRequestOptionsSchema,
  "POST /api/auth/passkey-login": A.LoginAnswerSchema,
  "POST /api/auth/change-email": Sec.EmailChangeSentSchema,
  "POST /api/auth/change-email/{token}": Sec.EmailChangedSchema,
  "POST /api/auth/undo-email-change/{token}": Sec.EmailChangeUndoneSchema,
  "POST /api/auth/not-me/{token}": Sec.NotMeDoneSchema,
  "GET /api/auth/me": A.SessionMeSchema,
  "POST /api/export": Ex.ExportStatusSchema,
  "GET /api/export": Ex.LatestExportSchema,
  "GET /api/export/{id}": Ex.ExportStatusSchema,
  "POST /api/import": Im.ImportStatusSchema,
  "GET /api/import": Im.LatestImportSchema,
  "GET /api/import/{id}": Im.ImportStatusSchema,
  "POST /api/auth/confirm-session": A.MessageSchema,
  "POST /api/auth/forgot-password": A.MessageSchema,
  "POST /api/auth/reset-password/{token}": A.MessageSchema,
  "POST /api/auth/verify-email/{token}": A.MessageSchema,
  "POST /api/auth/cancel-signup/{token}": A.MessageSchema,
  "POST /api/auth/verify-email": A.MessageSchema,
  "POST /api/journals": A.JournalSchema,
  "PUT /api/journals/{id}": A.JournalUpdatedSchema,
  "DELETE /api/journals/{id}": A.MessageSchema,
  "GET /api/journals/date/{date}": A.JournalSchema,
  "GET /api/journals/month/{year}/{month}": A.MonthAnswerSchema,
  "GET /api/journals/users/{userId}": A.JournalListSchema,
  "GET /api/journals": D.TimelinePageSchema,
  "GET /api/journals/search": D.DiarySearchPageSchema,
  "GET /api/journals/tags": D.TagListSchema,
  "GET /api/journals/on-this-day": P.OnThisDaySchema,
  "GET /api/journals/stats": P.WritingStatsSchema,
  "GET /api/journals/{id}/hearts": N.HeartPageSchema,
  "GET /api/journals/{id}/replies": R.RepliesPageSchema,
  "POST /api/journals/{id}/replies": R.ReplySentSchema,
  "DELETE /api/journals/{id}/replies/{replyId}": R.ReplyDeletedSchema,
  "POST /api/reports": Rp.ReportReceivedSchema,
  "GET /api/admin/reports": Ad.AdminPageSchema,
  "POST /api/admin/reports/{id}/dismiss": Ad.AdminDoneSchema,
  "POST /api/admin/reports/{id}/remove": Ad.AdminDoneSchema,
  "POST /api/admin/users/{userId}/suspend": Ad.AdminDoneSchema,
  "POST /api/admin/users/{userId}/unsuspend": Ad.AdminDoneSchema,
  "GET /api/notifications": N.NotificationPageSchema,
  "POST /api/notifications/read": N.NotificationsReadSchema,
  "GET /api/journal/close-circle": A.FeedPageSchema,
  "GET /api/journal/user/likes": A.LikedJournalsSchema,
  "POST /api/journal/{id}/like": A.LikedSchema,
  "DELETE /api/journal/{id}/like": A.UnlikedSchema,
  "GET /api/search": A.SearchAnswerSchema,
  "GET /api/search/suggested": A.SuggestedAnswerSchema,
  "GET /api/users/{userId}": A.PublicProfileAnswerSchema,
  "GET /api/users/{userId}/journals": U.FriendPageSchema,
  "POST /api/users/{userId}/block": U.BlockedSchema,
  "DELETE /api/users/{userId}/block": U.UnblockedSchema,
  "POST /api/users/{userId}/mute": U.MutedSchema,
  "DELETE /api/users/{userId}/mute": U.UnmutedSchema,
  "GET /api/myprofile/blocked": U.BlockedListSchema,
  "GET /api/myprofile/muted": U.MutedListSchema,
  "POST /api/friend-requests/send": A.FriendRequestSentSchema,
  "DELETE /api/friend-requests/cancel/{userId}": A.FriendRequestCancelledSchema,
  "GET /api/friend-requests/status/{userId}": A.FriendStatusAnswerSchema,
  "GET /api/friend-requests/pending": A.PendingAnswerSchema,
  "POST /api/friend-requests/accept/{requestId}": A.FriendRequestAnsweredSchema,
  "POST /api/friend-requests/reject/{requestId}": A.FriendRequestAnsweredSchema,
  "GET /api/myprofile": A.MyProfileSchema,
  "PUT /api/myprofile": A.MyProfileSchema,
  "DELETE /api/myprofile": Sec.AccountDeletionScheduledSchema,
  "POST /api/myprofile/cancel-deletion": Sec.AccountDeletionCancelledSchema,
  "POST /api/upload/profile-image": A.ProfileImageUploadedSchema,
  "GET /api/myprofile/community/count": A.FriendCountSchema,
  "GET /api/myprofile/community/closefriends": A.CloseFriendsSchema,
  "DELETE /api/myprofile/community/closefriends/{id}": A.FriendRemovedSchema,
  "GET /api/myprofile/settings": S.SettingsSchema,
  "PUT /api/myprofile/settings": S.SettingsSchema,
  "GET /api/push/key": Pu.PushKeySchema,
  "POST /api/push/subscriptions": Pu.PushSubscribedSchema,
  "DELETE /api/push/subscriptions": Pu.PushUnsubscribedSchema,
  "POST /api/reminders/unsubscribe/{token}": A.MessageSchema,
  "GET /api/health": A.HealthSchema,
  "GET /api/openapi.json": A.OpenApiAnswerSchema,
} as const satisfies Record<string, z.ZodType>;

export type ApiRoute = keyof typeof ROUTE_ANSWERS;

/** What each route answers when it succeeds, as the browser reads it. */
export type ApiAnswers = { [R in ApiRoute]: z.infer<(typeof ROUTE_ANSWERS)[R]> };
