import { PGlite } from "@electric-sql/pglite";
import { rmSync } from "node:fs";
const mode = process.argv[2];
const dir = "/tmp/23media/pgtest-" + mode;
if (process.argv[3] === "fresh") rmSync(dir, { recursive: true, force: true });
let peak = 0; const iv = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
const rss = () => Math.round(process.memoryUsage.rss() / 1048576);
console.log("start", rss());
const t = performance.now();
const opts: any = { dataDir: dir };
if (mode === "small") opts.startParams = [...((PGlite as any).defaultStartParams ?? []), "-c", "shared_buffers=16MB"];
const db = await PGlite.create(opts);
console.log("open", rss(), (performance.now() - t).toFixed(0), "ms");
await db.exec("create table if not exists t (id serial primary key, a text, b jsonb)");
for (let c = 0; c < 10; c++) {
  const values = Array.from({ length: 1000 }, (_, i) => `('name ${c * 1000 + i} ${"x".repeat(100)}', '{"k": ${i}}')`).join(",");
  await db.exec(`insert into t (a, b) values ${values}`);
}
console.log("inserted 10k", rss(), "peak", Math.round(peak / 1048576));
const r = await db.query("show shared_buffers"); console.log(r.rows);
await db.close();
console.log("closed", rss(), "peak", Math.round(peak / 1048576));
clearInterval(iv);
