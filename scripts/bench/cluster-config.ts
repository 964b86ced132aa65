// The HAProxy configuration of `npm run bench -- cluster` (docs/decisions/086), rendered from a few
// values so that tests/unit/bench-cluster.test.ts can read it; deploy/haproxy.cfg is the same
// shape, commented, for two instances on other machines.

export interface BalancerConfig {
  /** Where the balancer listens (127.0.0.1 in the bench). */
  bind: { host: string; port: number };
  /** The Inkwell instances, each `npm start` on a port of its own. */
  instances: { name: string; host: string; port: number }[];
  /** Milliseconds between two health checks of an instance (`inter`). */
  checkIntervalMs: number;
  /** Where HAProxy's own status page answers (the bench reads which instances are up there), or none. */
  stats?: { port: number; path: string };
}

/** Failed checks in a row before an instance leaves the rotation, and good ones before it returns. */
export const CHECK_FALL = 2;
export const CHECK_RISE = 2;
/** How often a request is tried again on a failure the balancer may retry (then on the other instance: `option redispatch`). */
export const RETRIES = 3;
/**
 * What is retried: a connection that could not be made (nothing was sent: always safe), and a
 * connection the instance closed without answering a byte (it died holding the request), which is
 * safe only for requests that may run twice, so not for the others (`disable-l7-retry` below).
 * Not a 5xx: Inkwell's 503 is about the shared database, which another instance reaches no better.
 */
export const RETRY_ON = "conn-failure empty-response";
/**
 * A request that may run twice: GET and HEAD, and a write carrying an Idempotency-Key
 * (docs/decisions/081: the second run replays the first one's answer, or waits for it with a 409).
 */
export const RETRYABLE = "METH_GET or METH_HEAD or { req.hdr(idempotency-key) -m found }";
/** The live notification stream (docs/decisions/064) sends a heartbeat every 25 s; an hour without a byte is a dead peer. */
export const STREAM_TIMEOUT = "1h";

export function renderHaproxyConfig(c: BalancerConfig): string {
  if (!c.instances.length) throw new Error("A balancer needs at least one instance");
  for (const i of c.instances)
    if (!/^[A-Za-z0-9_-]+$/.test(i.name))
      throw new Error(`Instance name ${JSON.stringify(i.name)}: letters, digits, '-' and '_' only`);
  const servers = c.instances.map(
    (i) =>
      `    server ${i.name} ${i.host}:${i.port} check inter ${c.checkIntervalMs}ms fall ${CHECK_FALL} rise ${CHECK_RISE}`,
  );
  return [
    "global",
    "    maxconn 4096",
    "",
    "defaults",
    "    mode http",
    "    log global",
    "    option dontlognull",
    "    timeout connect 2s",
    "    timeout http-request 10s",
    "    timeout http-keep-alive 10s",
    "    timeout queue 10s",
    `    timeout client ${STREAM_TIMEOUT}`,
    "    timeout server 60s",
    "",
    "frontend inkwell",
    `    bind ${c.bind.host}:${c.bind.port}`,
    "    option forwardfor",
    "    use_backend inkwell_streams if { path /api/notifications/stream }",
    "    default_backend inkwell_app",
    ...(c.stats
      ? [
          "",
          "listen stats",
          `    bind ${c.bind.host}:${c.stats.port}`,
          "    stats enable",
          `    stats uri ${c.stats.path}`,
        ]
      : []),
    "",
    "backend inkwell_app",
    "    balance roundrobin",
    "    option httpchk GET /api/health",
    "    http-check expect status 200",
    `    retries ${RETRIES}`,
    `    retry-on ${RETRY_ON}`,
    `    http-request disable-l7-retry unless ${RETRYABLE}`,
    "    option redispatch 1",
    ...servers,
    "",
    "backend inkwell_streams",
    "    balance roundrobin",
    "    option httpchk GET /api/health",
    "    http-check expect status 200",
    `    retries ${RETRIES}`,
    "    retry-on conn-failure",
    "    option redispatch 1",
    `    timeout server ${STREAM_TIMEOUT}`,
    ...servers,
    "",
  ].join("\n");
}
