import { compiledServer } from "../server/app-process";

// `npm run build`'s second step: server/server.ts compiled to the file plain `node` runs
// (docs/decisions/088), for a person who runs the server under a supervisor of their own.
console.log(`[inkwell] Server compiled to ${compiledServer()}`);
