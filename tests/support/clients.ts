let clients = 0;

/**
 * The headers of a client of its own, as a trusted proxy names it: the main test instances trust
 * the harness on loopback (TRUST_PROXY), so a test's sign-ups and failed logins count against an
 * address of its own (an IPv6 documentation address) instead of the one all tests share.
 */
export function asNewClient(): Record<string, string> {
  clients += 1;
  return { "x-forwarded-for": `2001:db8:${process.pid.toString(16)}::${clients.toString(16)}` };
}
