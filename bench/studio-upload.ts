// `npm run bench:studio` (and a part of `npm run bench`): a 10,000-item Sugar folder launched
// through the studio's endpoints against the built site, as the /studio/new page sends it:
// the manifest, the files in multipart batches three requests at a time, the checks, the
// launch. Prints each step's time and the site's resident memory, idle and at its peak (the
// issue's goal: the upload completes on these 2 cores). The site runs with its
// default request budgets: the batches keep a 10,000-item folder to about a hundred requests.
//
// BENCH_STUDIO_SIZE (10000) sets the folder's size.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Keypair } from "@solana/web3.js";
import { signInMessageText, type SignInFields } from "../lib/domain/wallet-sign-in";
import { freePort, startSite } from "../tests/helpers/site-process";
import { signText } from "../tests/helpers/wallet-sign-in";
import { writeFolder } from "./drop";
import { assertProductionBuild, rssMb } from "./site";

const SIZE = Number(process.env.BENCH_STUDIO_SIZE ?? 10_000);
const CONCURRENCY = 3;
const BATCH_FILES = 200;

type Session = { url: string; headers: Record<string, string> };

async function json(response: Response): Promise<Record<string, any>> {
  const body = (await response.json()) as Record<string, any>;
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function signIn(url: string): Promise<Session> {
  const wallet = Keypair.generate();
  const address = wallet.publicKey.toBase58();
  const site = { origin: url, "content-type": "application/json" };
  const nonce = await json(await fetch(`${url}/api/public/wallet-session/nonce`, { method: "POST", headers: site }));
  const { success: _s, ...fields } = nonce as SignInFields & { success: true };
  const message = signInMessageText({ ...fields, address });
  const body = JSON.stringify({ address, message, signature: signText(wallet, message) });
  const signed = await fetch(`${url}/api/public/wallet-session/sign-in`, { method: "POST", headers: site, body });
  await json(signed);
  const cookie = signed.headers.get("set-cookie")!.split(";")[0]!;
  return { url, headers: { origin: url, cookie, "x-studio-wallet": address } };
}

function filesOf(folder: string, under = ""): Array<{ path: string; size: number }> {
  return readdirSync(path.join(folder, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    return entry.isDirectory()
      ? filesOf(folder, relative)
      : [{ path: relative, size: statSync(path.join(folder, relative)).size }];
  });
}

async function upload(session: Session, folder: string) {
  const files = filesOf(folder);
  const { url, headers } = session;
  const post = (route: string, body?: BodyInit, type?: string) =>
    fetch(`${url}/api/studio/uploads${route}`, {
      method: "POST",
      headers: { ...headers, ...(type ? { "content-type": type } : {}) },
      body,
    }).then(json);
  const made = await post("", JSON.stringify({ files }), "application/json");
  const id = made.uploadId as string;
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += BATCH_FILES) batches.push(files.slice(i, i + BATCH_FILES).map((f) => f.path));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const form = new FormData();
      for (const file of batches[next++]!) form.append(file, new Blob([readFileSync(path.join(folder, file))]), "f");
      await post(`/${id}/files`, form);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { id, files: files.length, requests: batches.length + 1, uploadSeconds: (Date.now() - started) / 1000, post };
}

export async function benchStudioUpload(): Promise<void> {
  assertProductionBuild();
  console.log(`\nStudio upload of a ${SIZE.toLocaleString("en-US")}-item Sugar folder (the site's default budgets)`);
  const folder = await writeFolder(SIZE);
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-bench-studio-"));
  const port = String(await freePort());
  const site = await startSite({
    PORT: port,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO_DROPS: "false",
    STUDIO_CREATORS: "open",
  });
  let peakMb = rssMb(site.process.pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(site.process.pid))), 100);
  try {
    const idleMb = peakMb;
    const session = await signIn(site.url);
    const total = Date.now();
    const sent = await upload(session, folder);
    const timed = async <T>(work: () => Promise<T>) => {
      const started = Date.now();
      const result = await work();
      return { result, seconds: (Date.now() - started) / 1000 };
    };
    const checked = await timed(() => sent.post(`/${sent.id}/validate`));
    if (!checked.result.ok) throw new Error(`validate: ${JSON.stringify(checked.result.problems).slice(0, 300)}`);
    const launched = await timed(() => sent.post(`/${sent.id}/launch`));
    const seconds = (Date.now() - total) / 1000;
    const row = (label: string, value: string) => console.log(`${label.padEnd(28)} ${value}`);
    row("files, requests", `${sent.files.toLocaleString("en-US")} files in ${sent.requests} requests`);
    row("upload", `${sent.uploadSeconds.toFixed(1)} s`);
    row("validate (server)", `${checked.seconds.toFixed(1)} s`);
    row("launch (server)", `${launched.seconds.toFixed(1)} s → ${launched.result.url}`);
    row("total", `${seconds.toFixed(1)} s`);
    row(
      "site memory",
      `idle ${idleMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB (+${(peakMb - idleMb).toFixed(0)} MB)`,
    );
  } finally {
    clearInterval(sampler);
    await site.stop();
    rmSync(folder, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench:studio` runs this file alone; `npm run bench` imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await benchStudioUpload();
