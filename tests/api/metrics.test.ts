// GET /metrics (issue 27): off without METRICS_TOKEN, a bearer token with it, and the
// Prometheus text an operator watches a launch by: requests by route template and status,
// the mint funnel, refusals by code, the admission gate, the read caches, the chain's
// submits and the backlogs, after a real mint on the embedded chain, on each database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admissionGateOf } from "@/lib/api/admission";
import { installRuntime } from "@/lib/server/runtime";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { databaseTargets } from "../helpers/databases";
import { callJson, callRoute } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./mint/fixtures";

const TOKEN = "metrics-token-0123456789abcdef";

/** The value of one sample (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? "").split(/,(?=[a-zA-Z_]\w*=")/);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

const scrape = async () => {
  const response = await callRoute("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};

describe("GET /metrics without METRICS_TOKEN", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTargets[0]!, { seed: false });
  });
  afterAll(() => app?.close());

  it("does not exist (404), whatever the caller sends", async () => {
    expect((await callRoute("GET", "/metrics")).status).toBe(404);
    expect((await callRoute("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`GET /metrics on ${target.name}`, () => {
    let app: TestApp;
    let drop: FixtureDrop;
    let key: string;

    beforeAll(async () => {
      // A queued prepare waits 1.5 s before it is shed: ample time to scrape it queued, and
      // no longer than the gate's test needs to wait for the answer.
      app = await startTestApp(target, { env: { METRICS_TOKEN: TOKEN, MAX_PREPARE_QUEUE_WAIT_MS: "1500" } });
      drop = await createFixtureDrop(app, { shortId: "fixture-metrics", price: 100_000_000n });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-metrics", "aurora"] });
    });
    afterAll(() => app?.close());

    it("asks for the bearer token: none or a wrong one is 401", async () => {
      expect((await callRoute("GET", "/metrics")).status).toBe(401);
      const wrong = await callRoute("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
      const right = await callRoute("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    });

    it("counts requests by route template and status, never by raw path", async () => {
      const before = await scrape();
      const route = "/api/v1/collections/[identifier]";
      const labels = { route, method: "GET", status: "200" };
      for (let i = 0; i < 3; i++)
        expect((await callJson("GET", "/api/v1/collections/aurora", { headers: { "x-api-key": key } })).status).toBe(
          200,
        );
      const unknown = await callJson("GET", "/api/v1/collections/no-such-drop", { headers: { "x-api-key": key } });
      const after = await scrape();
      expect(sample(after, "dropmint_http_requests_total", labels)).toBe(
        sample(before, "dropmint_http_requests_total", labels) + 3,
      );
      expect(sample(after, "dropmint_http_request_duration_seconds_count", labels)).toBe(
        sample(before, "dropmint_http_request_duration_seconds_count", labels) + 3,
      );
      expect(sample(after, "dropmint_http_requests_total", { route, status: String(unknown.status) })).toBe(
        sample(before, "dropmint_http_requests_total", { route, status: String(unknown.status) }) + 1,
      );
      expect(after).not.toMatch(/route="\/api\/v1\/collections\/(aurora|no-such-drop)"/);
      // The read caches count for themselves: the drop was served from memory after the first read.
      expect(sample(after, "dropmint_cache_hits_total", { cache: "drops" })).toBeGreaterThan(0);
    });

    it("follows a mint through the funnel, the chain's submit and the refusals", async () => {
      const before = await scrape();
      const wallet = await fundedWallet(app);
      const prepared = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: "1",
        },
      });
      expect(prepared.status, prepared.text).toBe(200);
      const body = preparedMintResponseSchema.parse(prepared.body);
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
        },
      });
      expect(executed.status, executed.text).toBe(200);
      const refused = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: drop.collectionId,
          phaseId: crypto.randomUUID(),
          walletAddress: wallet.publicKey.toBase58(),
          quantity: "1",
        },
      });
      expect(refused.status).toBe(404);

      const after = await scrape();
      const grew = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      for (const stage of ["prepared", "signed", "executed", "landed"])
        expect(grew("dropmint_mint_sessions_total", { stage }), stage).toBe(1);
      expect(grew("dropmint_mint_refusals_total", { route: "/api/v1/prepare-mint", code: refused.body!.code })).toBe(1);
      expect(grew("dropmint_chain_call_duration_seconds_count", { call: "send" })).toBe(1);
      expect(grew("dropmint_http_requests_total", { route: "/api/v1/execute-mint", status: "200" })).toBe(1);
    });

    it("shows the admission gate's occupancy and what it shed", async () => {
      const before = await scrape();
      const leave = Array.from({ length: app.runtime.config.admission.mints }, () =>
        admissionGateOf(app.runtime).enter("prepare"),
      );
      try {
        const wallet = await fundedWallet(app);
        const answered = callJson("POST", "/api/v1/prepare-mint", {
          headers: { "x-api-key": key },
          body: {
            collectionId: drop.collectionId,
            phaseId: drop.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity: "1",
          },
        });
        // It waits its turn (MAX_PREPARE_QUEUE_WAIT_MS), and the gauge shows it waiting; then it is shed.
        // Watched only while it is unanswered: an answer that came first must fail here, not spin.
        let unanswered = true;
        const settle = () => (unanswered = false);
        answered.then(settle, settle);
        let waiting = 0;
        while (waiting === 0 && unanswered)
          waiting = sample(await scrape(), "dropmint_admission_queued", { kind: "prepare" });
        expect(waiting, "the gauge never showed the prepare queued before its answer").toBe(1);
        const busy = await answered;
        expect(busy.body?.code).toBe("SERVER_BUSY");
        const during = await scrape();
        expect(sample(during, "dropmint_admission_in_progress", { kind: "prepare" })).toBe(
          app.runtime.config.admission.mints,
        );
        expect(sample(during, "dropmint_admission_limit", { kind: "prepare" })).toBe(
          app.runtime.config.admission.mints,
        );
        expect(
          sample(during, "dropmint_admission_shed_total", { kind: "prepare" }) -
            sample(before, "dropmint_admission_shed_total", { kind: "prepare" }),
        ).toBe(1);
      } finally {
        for (const release of leave) release();
      }
      expect(sample(await scrape(), "dropmint_admission_in_progress", { kind: "prepare" })).toBe(0);
    });

    it("reads the reconciler's backlog from the database", async () => {
      const prisma = app.runtime.database.prisma;
      const before = sample(await scrape(), "dropmint_reconciler_backlog");
      // A session of its own (not one another test minted: tests run in any order), made pending.
      const wallet = await fundedWallet(app);
      const prepared = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
      expect(prepared.status, prepared.text).toBe(200);
      const sessionId = preparedMintResponseSchema.parse(prepared.body).sessions[0]!.sessionId;
      await prisma.mintSession.update({ where: { id: sessionId }, data: { status: "pending" } });
      try {
        expect(sample(await scrape(), "dropmint_reconciler_backlog")).toBe(before + 1);
        expect(await scrape()).toMatch(/^dropmint_bounty_payout_backlog 0$/m);
      } finally {
        await prisma.mintSession.update({ where: { id: sessionId }, data: { status: "prepared" } });
        installRuntime(app.runtime);
      }
    });
  });
}
