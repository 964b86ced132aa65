import type { z } from "zod";
import { ACTIVITY_ENDPOINTS } from "@/lib/activities/endpoints";
import { ADMIN_ENDPOINTS } from "@/lib/admin/endpoints";
import { AUTH_ENDPOINTS } from "@/lib/auth/endpoints";
import { PASSKEY_ENDPOINTS } from "@/lib/auth/passkey-endpoints";
import { TWO_FACTOR_ENDPOINTS } from "@/lib/auth/two-factor-endpoints";
import { EXPORT_ENDPOINTS } from "@/lib/exports/endpoints";
import { FEED_ENDPOINTS } from "@/lib/feed/endpoints";
import { FRIEND_PAGE_ENDPOINTS } from "@/lib/feed/friend-page-endpoints";
import { FRIEND_ENDPOINTS } from "@/lib/friends/endpoints";
import type { Endpoint } from "@/lib/http/endpoint";
import { IMPORT_ENDPOINTS } from "@/lib/imports/endpoints";
import { JOURNAL_ENDPOINTS } from "@/lib/journals/endpoints";
import { LIKE_ENDPOINTS } from "@/lib/likes/endpoints";
import { LOCK_ENDPOINTS } from "@/lib/lock/endpoints";
import { NOTIFICATION_ENDPOINTS } from "@/lib/notifications/endpoints";
import { PUSH_ENDPOINTS } from "@/lib/push/endpoints";
import { REMINDER_ENDPOINTS } from "@/lib/reminders/endpoints";
import { REPLY_ENDPOINTS } from "@/lib/replies/endpoints";
import { REPORT_ENDPOINTS } from "@/lib/reports/endpoints";
import { TEMPLATE_ENDPOINTS } from "@/lib/templates/endpoints";
import { VERSION_ENDPOINTS } from "@/lib/journals/version-endpoints";
import { USER_ENDPOINTS } from "@/lib/users/endpoints";
import { META_ENDPOINTS } from "./meta-endpoints";

// Every endpoint of the API, as the domains define them (lib/<domain>/endpoints.ts;
// docs/decisions/106-one-definition-per-endpoint.md). From this one list: the OpenAPI document and docs/api.md
// (lib/openapi), the browser's typed answers (`ApiAnswers`, a type only: client/api.ts), the handlers' parsing
// (./handle.ts), and the API tests' contract check and route lists (tests/support/contract.ts,
// tests/api/conventions.test.ts). This folder is the roof of lib/: it imports every domain, none imports it.

const DEFINITIONS = [
  ...AUTH_ENDPOINTS,
  ...TWO_FACTOR_ENDPOINTS,
  ...PASSKEY_ENDPOINTS,
  ...JOURNAL_ENDPOINTS,
  ...LOCK_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  ...VERSION_ENDPOINTS,
  ...FEED_ENDPOINTS,
  ...LIKE_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...FRIEND_PAGE_ENDPOINTS,
  ...FRIEND_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...REPLY_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...REMINDER_ENDPOINTS,
  ...PUSH_ENDPOINTS,
  ...EXPORT_ENDPOINTS,
  ...IMPORT_ENDPOINTS,
  ...META_ENDPOINTS,
] as const satisfies readonly Endpoint[];

export const ENDPOINTS: readonly Endpoint[] = DEFINITIONS;

type AnyEndpoint = (typeof DEFINITIONS)[number];

type KeyOf<E extends Endpoint> = `${Uppercase<E["method"]>} ${E["path"]}`;
type ByKey = { [E in AnyEndpoint as KeyOf<E>]: E };

/** "GET /api/myprofile/settings": how the browser, the tests and the handlers name an endpoint. */
export type RouteKey = keyof ByKey;

/** The names of a route's path parameters: "GET /api/journals/month/{year}/{month}" → "year" | "month". */
export type PathParams<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? P | PathParams<Rest>
  : never;

/** The definition an endpoint's key names, as its domain wrote it (literal types kept). */
export type EndpointOf<K extends RouteKey> = ByKey[K];

/** The schema of an endpoint's JSON success answer (a 2xx with a body), if it has one. */
type SuccessSchema<E> = E extends { answers: readonly (infer A)[] }
  ? Extract<A, { status: 200 | 201 | 202; schema: z.ZodType }>["schema"]
  : never;

type SuccessSchemas = {
  [K in RouteKey as [SuccessSchema<ByKey[K]>] extends [never] ? never : K]: SuccessSchema<ByKey[K]>;
};

/** The endpoints that answer JSON when they succeed: the ones the browser's typed fetch may name. */
export type ApiRoute = keyof SuccessSchemas;

/** What each route answers when it succeeds, as the browser reads it. */
export type ApiAnswers = { [R in ApiRoute]: z.infer<SuccessSchemas[R]> };

export const routeKey = (e: Endpoint): string => `${e.method.toUpperCase()} ${e.path}`;

const BY_KEY = new Map<string, Endpoint>(ENDPOINTS.map((e) => [routeKey(e), e]));

/** The definition of `key`; throws for a key no endpoint has (a typo the type would catch anyway). */
export function endpointOf<K extends RouteKey>(key: K): EndpointOf<K> {
  const e = BY_KEY.get(key);
  if (!e) throw new Error(`No endpoint ${key}`);
  return e as EndpointOf<K>;
}
