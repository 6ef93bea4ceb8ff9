// prepare-mint, execute-mint and the batch against a real loopback server (spec: Errors,
// POST /execute-mint): never retried; an execute whose outcome is not clear (timeout, lost
// connection, 5xx, pending, ALREADY_PROCESSING) is OUTCOME_UNKNOWN; a clear refusal keeps its code.
import { describe, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { dropSocket, errorBody, hang, json, steps, rejection, scriptedClients, type Script } from "./scripted-server";
import type { DropmintClientOptions } from "@/lib/client/api-client";

const clientFor = scriptedClients();

const item = { sessionId: "4b0f2f4e-1c55-4c2a-9d59-3f1c1b1f0a01", signedTransaction: "AQID" };
const answer = (status: number, body: unknown) => (response: ServerResponse) => json(response, status, body);

describe("prepare-mint", () => {
  it("posts the body to /api/v1/prepare-mint", async () => {
    const { client, server } = await clientFor(steps(answer(200, { success: true, sessions: [] })));
    const body = {
      collectionId: "sprites",
      phaseId: "p",
      walletAddress: "W",
      quantity: 2,
      claimCode: "SPRITE-FREE",
      walletProvider: "Phantom",
    };
    await client.prepareMint(body);
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/v1/prepare-mint" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(body);
  });

  it("is never retried, not even on a 5xx or a lost connection (it reserves supply)", async () => {
    const { client, server } = await clientFor(steps(answer(503, errorBody("CHAIN_UNAVAILABLE")), dropSocket));
    const prepare = () =>
      client.prepareMint({ collectionId: "sprites", phaseId: "p", walletAddress: "W", quantity: 1 });
    expect((await rejection(prepare())).code).toBe("CHAIN_UNAVAILABLE");
    expect((await rejection(prepare())).code).toBe("NETWORK_ERROR");
    expect(server.requests).toHaveLength(2);
  });

  it("keeps a refusal's code and extra body fields", async () => {
    const { client } = await clientFor(steps(answer(429, errorBody("COLLECTION_RATE_LIMITED", { retryAfter: 42 }))));
    const error = await rejection(
      client.prepareMint({ collectionId: "sprites", phaseId: "p", walletAddress: "W", quantity: 1 }),
    );
    expect(error).toMatchObject({ code: "COLLECTION_RATE_LIMITED", status: 429 });
    expect(error.details.retryAfterSeconds).toBe(42);
  });
});

describe("execute-mint", () => {
  it("posts {sessionId, signedTransaction} and returns the result", async () => {
    const { client, server } = await clientFor(steps(answer(200, { success: true, minted: 1, signature: "sig" })));
    await expect(client.executeMint(item)).resolves.toMatchObject({ success: true, minted: 1 });
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/v1/execute-mint" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual(item);
  });

  const uncertain: Array<[string, Script, DropmintClientOptions?]> = [
    ["a 503 OUTCOME_PENDING (pending: true)", steps(answer(503, errorBody("OUTCOME_PENDING", { pending: true })))],
    ["a 500", steps(answer(500, errorBody("INTERNAL_ERROR")))],
    ["ALREADY_PROCESSING", steps(answer(409, errorBody("ALREADY_PROCESSING")))],
    ["a timeout", steps(hang), { executeTimeoutMs: 100 }],
    ["a dropped connection", steps(dropSocket)],
    ["a garbled 200", (_request, response) => response.end("{not json")],
  ];
  for (const [what, script, options] of uncertain) {
    it(`reports ${what} as OUTCOME_UNKNOWN after a single attempt`, async () => {
      const { client, server } = await clientFor(script, options);
      const error = await rejection(client.executeMint(item));
      expect(error.code).toBe("OUTCOME_UNKNOWN");
      expect(error.message).toMatch(/check your wallet/i);
      expect(error.details.body).toMatchObject({ code: expect.any(String) });
      expect(server.requests).toHaveLength(1);
    });
  }

  it("keeps the original code and status of an uncertain answer", async () => {
    const { client } = await clientFor(steps(answer(503, errorBody("OUTCOME_PENDING", { pending: true }))));
    const error = await rejection(client.executeMint(item));
    expect(error.status).toBe(503);
    expect(error.details.body).toMatchObject({ code: "OUTCOME_PENDING", pending: true });
  });

  it("keeps TIMEOUT as the original code of a timed-out execute, with the execute timeout, not the read one", async () => {
    const { client } = await clientFor(steps(hang), { executeTimeoutMs: 100, readTimeoutMs: 10 });
    const started = performance.now();
    const error = await rejection(client.executeMint(item));
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(error.details.body).toMatchObject({ code: "TIMEOUT" });
  });

  const refusals: Array<[string, number]> = [
    ["ALREADY_COMPLETED", 409],
    ["SESSION_EXPIRED", 410],
    ["TRANSACTION_REJECTED", 400],
    ["RATE_LIMITED", 429],
  ];
  for (const [code, status] of refusals) {
    it(`throws ${code} as itself (a clear answer), without retrying`, async () => {
      const { client, server } = await clientFor(steps(answer(status, errorBody(code))));
      expect(await rejection(client.executeMint(item))).toMatchObject({ code, status });
      expect(server.requests).toHaveLength(1);
    });
  }
});

describe("execute-mint batch", () => {
  it("posts {transactions: [...]} and returns the 200 body as is, pending results included", async () => {
    const body = {
      success: true,
      results: [
        { sessionId: "a", success: true, signature: "s", mintedCount: 1 },
        { sessionId: "b", success: false, error: "Unknown.", errorCode: "OUTCOME_PENDING", pending: true },
      ],
      totalMinted: 1,
      successfulTransactions: 1,
      failedTransactions: 1,
      executionTimeMs: 12,
    };
    const { client, server } = await clientFor(steps(answer(200, body)));
    const items = [item, { ...item, sessionId: "b", signedTransaction: "BAUG" }];
    await expect(client.executeMintBatch(items)).resolves.toEqual(body);
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/v1/execute-mint/batch" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ transactions: items });
  });

  const uncertain: Array<[string, Script, DropmintClientOptions?]> = [
    ["a 502", steps(answer(502, errorBody("INTERNAL_ERROR")))],
    ["a timeout", steps(hang), { executeTimeoutMs: 100 }],
    ["a dropped connection", steps(dropSocket)],
  ];
  for (const [what, script, options] of uncertain) {
    it(`reports ${what} as OUTCOME_UNKNOWN after a single attempt`, async () => {
      const { client, server } = await clientFor(script, options);
      expect((await rejection(client.executeMintBatch([item]))).code).toBe("OUTCOME_UNKNOWN");
      expect(server.requests).toHaveLength(1);
    });
  }

  it("throws a 400 refusal of the whole batch as itself", async () => {
    const { client } = await clientFor(steps(answer(400, errorBody("INVALID_REQUEST"))));
    expect((await rejection(client.executeMintBatch([item]))).code).toBe("INVALID_REQUEST");
  });
});

describe("localnet faucet", () => {
  it("posts {address, sol} once, even when the answer is a 5xx", async () => {
    const { client, server } = await clientFor(
      steps(
        answer(200, { success: true, signature: "s", lamports: 1, balance: 1 }),
        answer(503, errorBody("CHAIN_UNAVAILABLE")),
      ),
    );
    await expect(client.requestAirdrop("Wallet1", 2)).resolves.toMatchObject({ signature: "s" });
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/api/localnet/faucet" });
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ address: "Wallet1", sol: 2 });
    expect((await rejection(client.requestAirdrop("Wallet1"))).code).toBe("CHAIN_UNAVAILABLE");
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ address: "Wallet1" });
    expect(server.requests).toHaveLength(2);
  });
});
