/**
 * Lines of an app log that are bugs even when no assertion looked at them: a 500 (the app logs
 * each one), anything nothing caught, a heap that ran out. scripts/test.ts fails the run on them;
 * .ci/run greps `npm start`'s output for the same pattern.
 */
export const SERVER_FAULT = /Unhandled error in route handler|⨯ |uncaughtException|unhandledRejection|heap out of memory|FATAL ERROR/;
