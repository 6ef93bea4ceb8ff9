// `npm run serve` starts here: scripts/serve.ts compiled once by esbuild and run in this
// process, without tsx (scripts/compile-ts.mjs says why: about 150 MB less resident).
//
// MALLOC_ARENA_MAX=2 (package.json, deploy/systemd): glibc gives every thread that allocates
// (libuv's pool, V8's workers, litesvm) an arena of its own, each keeping freed memory.
// --max-semi-space-size=8 (the same places): V8's young generation keeps two 8 MB halves
// instead of 16 MB ones. After the bench on PostgreSQL the site held 336 MB instead of
// 361-388 MB; scavenges come twice as often, each as cheap (what dies young is not copied).
import path from "node:path";
import { importCompiled } from "./compile-ts.mjs";

await importCompiled(path.join(import.meta.dirname, "serve.ts"));
