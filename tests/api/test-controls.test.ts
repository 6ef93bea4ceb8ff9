// The localnet test controls that end-to-end tests use to make a phase start soon and to
// allowlist the page's burner wallet: served only with DROPMINT_TEST_CONTROLS=1 on
// localnet, and what they change is what the collection and eligibility show.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";

const PATH = "/api/localnet/test-controls/phase-start";
const ALLOWLIST_PATH = "/api/localnet/test-controls/allowlist";
const SITE = { origin: "http://localhost:3000" };

async function publicPhaseId(app: TestApp) {
  const phase = await app.runtime.database.prisma.phase.findFirstOrThrow({
    where: { name: "Public", collection: { shortId: "sprites" } },
  });
  return phase.id;
}

describe("test controls, enabled", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"), { env: { DROPMINT_TEST_CONTROLS: "1" } });
  });
  afterAll(() => app?.close());

  it("moves a phase's start, and the collection counts down to it, then shows it active", async () => {
    const phaseId = await publicPhaseId(app);
    const moved = await callJson("POST", PATH, { body: { phaseId, startsInMs: 60_000 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ success: true, phaseId });

    const upcoming = await callJson("GET", "/api/v1/collections/sprites", { headers: SITE });
    const phase = upcoming.body!.phases.all.find((p: { id: string }) => p.id === phaseId);
    expect(phase.status).toBe("upcoming");
    expect(phase.msUntilStart).toBeGreaterThan(50_000);
    expect(phase.msUntilStart).toBeLessThanOrEqual(60_000);

    await callJson("POST", PATH, { body: { phaseId, startsInMs: -1_000 } });
    const active = await callJson("GET", "/api/v1/collections/sprites", { headers: SITE });
    expect(active.body!.phases.active.map((p: { id: string }) => p.id)).toContain(phaseId);
  });

  it("puts a wallet on a gated phase's allowlist, and eligibility says so", async () => {
    const phase = await app.runtime.database.prisma.phase.findFirstOrThrow({
      where: { name: "Allowlist", collection: { shortId: "sprites" } },
    });
    const wallet = Keypair.generate().publicKey.toBase58();
    const eligibility = () =>
      callJson("GET", `/api/v1/collections/sprites/eligibility/${phase.id}/${wallet}`, { headers: SITE });
    expect((await eligibility()).body).toMatchObject({ meetsRequirements: false });
    const listed = await callJson("POST", ALLOWLIST_PATH, {
      body: { phaseId: phase.id, walletAddress: wallet, allocation: 3 },
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual({ success: true, phaseId: phase.id, walletAddress: wallet, allocation: 3 });
    expect((await eligibility()).body).toMatchObject({ meetsRequirements: true, onAllowlist: true });
    const unknown = await callJson("POST", ALLOWLIST_PATH, {
      body: { phaseId: "00000000-0000-4000-8000-000000000000", walletAddress: wallet, allocation: 1 },
    });
    expect([unknown.status, unknown.body?.code]).toEqual([404, "PHASE_NOT_FOUND"]);
    const bad = await callJson("POST", ALLOWLIST_PATH, {
      body: { phaseId: phase.id, walletAddress: "nope", allocation: 0 },
    });
    expect([bad.status, bad.body?.code]).toEqual([400, "INVALID_REQUEST"]);
  });

  it("refuses an unknown phase and a bad body with stable codes", async () => {
    const unknown = await callJson("POST", PATH, {
      body: { phaseId: "00000000-0000-4000-8000-000000000000", startsInMs: 1_000 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: "PHASE_NOT_FOUND" });
    const bad = await callJson("POST", PATH, { body: { phaseId: "not-a-uuid", startsInMs: "soon" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false });
  });
});

describe("test controls, by default", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
  });
  afterAll(() => app?.close());

  it("does not exist, and the schedule and allowlists are untouched", async () => {
    const phaseId = await publicPhaseId(app);
    const listed = await callJson("POST", ALLOWLIST_PATH, {
      body: { phaseId, walletAddress: Keypair.generate().publicKey.toBase58(), allocation: 1 },
    });
    expect([listed.status, listed.body?.code]).toEqual([404, "NOT_FOUND"]);
    expect(await app.runtime.database.prisma.allowlistEntry.count({ where: { phaseId } })).toBe(0);
    const before = await app.runtime.database.prisma.phase.findUniqueOrThrow({ where: { id: phaseId } });
    const answer = await callJson("POST", PATH, { body: { phaseId, startsInMs: 1_000 } });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    const after = await app.runtime.database.prisma.phase.findUniqueOrThrow({ where: { id: phaseId } });
    expect(after.startDate).toEqual(before.startDate);
  });
});
