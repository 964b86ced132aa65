// The job process (docs/decisions/093): what the server (lib/jobs/job-process.ts), the process
// itself (server/job-runner.ts) and its compiler (server/app-process.ts) agree on. No imports, so
// each side can load it.

/** The passes a job process runs, one per process. */
export const JOB_KINDS = ["imports", "exports"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What a pass counted; the server logs it as it did when the pass ran inside it. */
export interface JobRunCounts {
  /** Imports done, or exports ready. */
  finished: number;
  failed: number;
}

/** The messages a job process sends on its IPC channel. */
export type JobMessage =
  /** It took this import or export: if the process dies now, the server fails it. Sent and delivered before any of it is read. */
  | { type: "claimed"; id: string }
  /** The pass is over; the process exits next. */
  | { type: "finished"; counts: JobRunCounts };

/** The process's source, run under tsx by `npm run dev`. */
export const JOB_RUNNER_SOURCE = "server/job-runner.ts";
/** Where server/app-process.ts compiles it, beside the compiled server, for plain `node`. */
export const COMPILED_JOB_RUNNER = ".next/inkwell-job-runner.mjs";

/**
 * The process's own heap limit: an import or export that would need more dies alone, and the
 * server fails what it held. A legitimate import within IMPORT_ENTRIES_MAX and the journals' 64 MB
 * holds its cleaned text (at most about 130 MB, two bytes a character beyond Latin-1) and an entry
 * at a time; docs/decisions/093 has the figures. The young generation as the server's
 * (server/app-process.ts SERVER_NODE_ARGS, docs/decisions/038).
 */
export const JOB_PROCESS_NODE_ARGS = ["--max-semi-space-size=16", "--max-old-space-size=384"];
