// The friend's page's refusal, without `server-only`, for the API reference (lib/openapi).
export const NOT_FRIENDS_MESSAGE = "Only friends see each other's entries";
