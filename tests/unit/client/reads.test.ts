// Reads against a real loopback server (spec: Errors, Limits): the paths and headers sent,
// retries on 429, 5xx, timeouts and network failures (3 attempts in all), Retry-After
// honoured or, when too long, handed back; no retry on other 4xx.
import { describe, expect, it } from "vitest";
import { dropSocket, errorBody, hang, json, steps, rejection, scriptedClients } from "./scripted-server";
import { createDropmintClient } from "@/lib/client/api-client";

const clientFor = scriptedClients();

const ok =
  (body: Record<string, unknown> = {}) =>
  (response: Parameters<typeof json>[0]) =>
    json(response, 200, { success: true, ...body });

describe("read paths", () => {
  it("sends each read to its v1 path, with path segments encoded and empty query members left out", async () => {
    const { client, server } = await clientFor(steps(ok()));
    await client.getCollection("a b/c?d");
    await client.getEligibility("sprites", "phase-1", "Wallet1");
    await client.getWalletMints("sprites", "Wallet1");
    await client.getAvailability("sprites");
    await client.getGallery("sprites", { limit: 5, offset: 10 });
    await client.getRecentlyMinted("sprites", { limit: 3 });
    await client.getAllMinted("sprites", { limit: 20, offset: 40, sort: "oldest", search: "#7 & co" });
    await client.getAllMinted("sprites");
    await client.getTraits("sprites");
    await client.getTopHolders("sprites");
    await client.getTopMinters("sprites");
    await client.getBountySummary("sprites");
    await client.getBountyPrizes("sprites");
    await client.getClaimCodeConfig("sprites");
    await client.getClaimCodeBenefits("sprites", "Wallet1", { phaseId: "phase-1" });
    await client.searchCollections("spr ites", { limit: 8 });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/v1/collections/a%20b%2Fc%3Fd",
      "GET /api/v1/collections/sprites/eligibility/phase-1/Wallet1",
      "GET /api/v1/collections/sprites/wallet-mints/Wallet1",
      "GET /api/v1/collections/sprites/availability",
      "GET /api/v1/collections/sprites/gallery?limit=5&offset=10",
      "GET /api/v1/collections/sprites/recently-minted?limit=3",
      "GET /api/v1/collections/sprites/all-minted?limit=20&offset=40&sort=oldest&search=%237+%26+co",
      "GET /api/v1/collections/sprites/all-minted",
      "GET /api/v1/collections/sprites/traits",
      "GET /api/v1/collections/sprites/top-holders",
      "GET /api/v1/collections/sprites/top-minters",
      "GET /api/v1/collections/sprites/bounty",
      "GET /api/v1/collections/sprites/bounty-prizes",
      "GET /api/v1/collections/sprites/claim-codes",
      "GET /api/v1/collections/sprites/claim-codes/benefits/Wallet1?phaseId=phase-1",
      "GET /api/public/collections/search?q=spr+ites&limit=8",
    ]);
  });

  it("a collection read refused with COLLECTION_NOT_LAUNCHED (keyless, drop not launched) throws it, unretried", async () => {
    const envelope = { success: false, error: "This drop has not launched yet.", code: "COLLECTION_NOT_LAUNCHED" };
    const { client, server } = await clientFor(steps((response) => json(response, 403, envelope)));
    const error = await rejection(client.getCollection("sprites"));
    expect([error.code, error.status]).toEqual(["COLLECTION_NOT_LAUNCHED", 403]);
    expect(server.requests).toHaveLength(1); // an answer, not a failure: never retried
  });

  it("posts the claim code check as JSON and returns the body as answered", async () => {
    const { client, server } = await clientFor(
      steps((response) => json(response, 200, { valid: true, code: "SPRITE-FREE" })),
    );
    await expect(client.validateClaimCode("sprites", "sprite-free")).resolves.toEqual({
      valid: true,
      code: "SPRITE-FREE",
    });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", url: "/api/v1/collections/sprites/claim-codes/validate" });
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({ code: "sprite-free" });
  });

  it("sends X-API-Key only when the client has a key", async () => {
    const { client: firstParty, server } = await clientFor(steps(ok()));
    await firstParty.getTraits("sprites");
    const partner = createDropmintClient({ baseUrl: server.baseUrl, pacing: null, apiKey: "dm_live_abc" });
    await partner.getTraits("sprites");
    expect(server.requests[0]!.headers["x-api-key"]).toBeUndefined();
    expect(server.requests[1]!.headers["x-api-key"]).toBe("dm_live_abc");
  });
});

describe("read retries", () => {
  it("retries 503 twice and returns the third answer", async () => {
    const unavailable = (response: Parameters<typeof json>[0]) => json(response, 503, errorBody("AUTH_UNAVAILABLE"));
    const { client, server } = await clientFor(steps(unavailable, unavailable, ok({ name: "Sprites" })));
    await expect(client.getCollection("sprites")).resolves.toMatchObject({ success: true, name: "Sprites" });
    expect(server.requests).toHaveLength(3);
  });

  it("gives up after 3 attempts with the service's own code, status and body", async () => {
    const { client, server } = await clientFor(steps((response) => json(response, 500, errorBody("INTERNAL_ERROR"))));
    const error = await rejection(client.getAvailability("sprites"));
    expect(error).toMatchObject({
      code: "INTERNAL_ERROR",
      message: "Service sentence for INTERNAL_ERROR.",
      status: 500,
    });
    expect(error.details.body).toMatchObject({ success: false, code: "INTERNAL_ERROR" });
    expect(server.requests).toHaveLength(3);
  });

  it("honours readAttempts", async () => {
    const { client, server } = await clientFor(
      steps((response) => json(response, 502, errorBody("CHAIN_UNAVAILABLE"))),
      { readAttempts: 1 },
    );
    expect((await rejection(client.getTraits("sprites"))).code).toBe("CHAIN_UNAVAILABLE");
    expect(server.requests).toHaveLength(1);
  });

  it("waits out a short Retry-After before asking again", async () => {
    const { client, server } = await clientFor(
      steps(
        (response) => json(response, 429, errorBody("RATE_LIMITED", { retryAfter: 1 }), { "Retry-After": "1" }),
        ok({ nfts: [] }),
      ),
    );
    await expect(client.getGallery("sprites")).resolves.toMatchObject({ success: true });
    expect(server.requests).toHaveLength(2);
    // Lower bound only: the backoff would have been ~1 ms, so this gap is Retry-After's.
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("throws a Retry-After longer than the cap at once, with retryAfterSeconds", async () => {
    const { client, server } = await clientFor(
      steps((response) => json(response, 429, errorBody("RATE_LIMITED", { retryAfter: 60 }), { "Retry-After": "60" })),
    );
    const error = await rejection(client.getTraits("sprites"));
    expect(error).toMatchObject({ code: "RATE_LIMITED", status: 429 });
    expect(error.details.retryAfterSeconds).toBe(60);
    expect(server.requests).toHaveLength(1);
  });

  it("does not retry a 4xx other than 429", async () => {
    const { client, server } = await clientFor(
      steps(
        (response) => json(response, 404, errorBody("COLLECTION_NOT_FOUND")),
        (response) => json(response, 400, errorBody("INVALID_REQUEST")),
        (response) => json(response, 403, errorBody("COLLECTION_NOT_IN_SCOPE")),
      ),
    );
    expect((await rejection(client.getCollection("nope"))).code).toBe("COLLECTION_NOT_FOUND");
    expect((await rejection(client.getGallery("sprites", { limit: -1 }))).code).toBe("INVALID_REQUEST");
    expect((await rejection(client.getTraits("other"))).code).toBe("COLLECTION_NOT_IN_SCOPE");
    expect(server.requests).toHaveLength(3);
  });

  it("retries the read-only claim code check like any read", async () => {
    const { client, server } = await clientFor(
      steps(
        (response) => json(response, 503, errorBody("AUTH_UNAVAILABLE")),
        (response) => json(response, 200, { valid: false }),
      ),
    );
    await expect(client.validateClaimCode("sprites", "NOPE-CODE")).resolves.toEqual({ valid: false });
    expect(server.requests).toHaveLength(2);
  });

  it("times out a hung read, retries it, and ends with TIMEOUT", async () => {
    const { client, server } = await clientFor(steps(hang), { readTimeoutMs: 100 });
    expect((await rejection(client.getCollection("sprites"))).code).toBe("TIMEOUT");
    expect(server.requests).toHaveLength(3);
  });

  it("recovers when a timed-out read answers on the next attempt", async () => {
    const { client, server } = await clientFor(steps(hang, ok({ name: "Sprites" })), { readTimeoutMs: 100 });
    await expect(client.getCollection("sprites")).resolves.toMatchObject({ name: "Sprites" });
    expect(server.requests).toHaveLength(2);
  });

  it("retries a dropped connection and ends with NETWORK_ERROR", async () => {
    const { client, server } = await clientFor(steps(dropSocket));
    expect((await rejection(client.getTopHolders("sprites"))).code).toBe("NETWORK_ERROR");
    expect(server.requests).toHaveLength(3);
  });

  it("reports NETWORK_ERROR when nothing listens", async () => {
    const { server } = await clientFor(steps(dropSocket));
    const { baseUrl } = server;
    await server.close();
    const client = createDropmintClient({ baseUrl, pacing: null, backoffMs: 1 });
    expect((await rejection(client.getTopMinters("sprites"))).code).toBe("NETWORK_ERROR");
  });

  it("reports a garbled success body as INVALID_RESPONSE without retrying it", async () => {
    const { client, server } = await clientFor((_request, response) => {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.end("<html>not json</html>");
    });
    const error = await rejection(client.getCollection("sprites"));
    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
    expect(server.requests).toHaveLength(1);
  });

  it("retries a proxy's non-JSON 502 like any 5xx", async () => {
    const { client, server } = await clientFor((_request, response) => {
      response.writeHead(502, { "Content-Type": "text/html" });
      response.end("<html>Bad gateway</html>");
    });
    expect(await rejection(client.getCollection("sprites"))).toMatchObject({ code: "INVALID_RESPONSE", status: 502 });
    expect(server.requests).toHaveLength(3);
  });
});
