import { compiledServer } from "../server/app-process";

// `npm run build`'s second step: server/server.ts compiled to the file plain `node` runs
// (docs/decisions/088), for a person who runs the server under a supervisor of their own, and the
// job process it starts beside it (server/job-runner.ts, docs/decisions/093).
console.log(`[inkwell] Server compiled to ${compiledServer()}`);
