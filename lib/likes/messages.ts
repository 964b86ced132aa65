// Hearts' refusals (lib/likes/hearts.ts): plain values, for the endpoints' definitions and the
// browser, which reads them as "already done" (docs/decisions/107).
export const ALREADY_LIKED = "Already liked";
export const LIKE_NOT_FOUND = "Like not found";
