/**
 * Lines of an app log that are bugs even when no assertion looked at them: a 500 (the app logs
 * each one), anything nothing caught (ours and Next's own ⨯ lines), a heap that ran out (V8's
 * FATAL ERROR), a deprecation Node warns of (`(node:123) [DEP0169] DeprecationWarning: …`: what the
 * next upgrade breaks; Node leaves out most of those raised inside node_modules, but a dependency
 * bundled into the server's chunks counts as ours — next.config.ts serverExternalPackages keeps
 * web-push and openid-client out of them). Anchored at the start of a line: text from outside is logged inside a line of
 * ours (lib/log.ts oneLine), never as a line of its own. scripts/test.ts fails the run on them;
 * .ci/run greps `npm start`'s output for the same pattern. Not a fault: `next build`'s list of
 * experiments marks one set to false with ⨯ and its bare name (`  ⨯ preloadEntriesOnStart`,
 * docs/decisions/087).
 */
export const SERVER_FAULT =
  /^(\[api\] Unhandled error in route handler|\[process\] (uncaughtException|unhandledRejection)|\s*⨯ (?![A-Za-z][A-Za-z0-9]*$)|FATAL ERROR|\(node:\d+\) (\[DEP\d+\] )?DeprecationWarning: )/;
