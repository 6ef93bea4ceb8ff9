// The same paid mint as prepare-execute.test.ts, on the other chain path: the runtime's
// chain is RpcChain talking JSON-RPC to a server over a fresh embedded chain (what
// `npm run localnet` serves and SOLANA_RPC_URL selects). Seeding, prepare, execute,
// balances and owners all go over HTTP; a tampered transaction is refused unsent.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcChain, openEmbeddedChain, startJsonRpcServer, type EmbeddedChain, type JsonRpcServer } from "@/lib/chain";
import { parseConfig } from "@/lib/config";
import { seedDemoDrops } from "@/lib/demo/seed-demo-drops";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { metrics } from "@/lib/metrics";
import { assembleRuntime } from "@/lib/server/create-runtime";
import { installRuntime, serviceContextOf } from "@/lib/server/runtime";
import { createApiKey } from "@/lib/services/api-keys";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";
import {
  createFixtureDrop,
  decodePrepared,
  fundedWallet,
  onChainMetadataName,
  signAnyway,
  signPrepared,
  walletSignatureOf,
  type FixtureDrop,
} from "./fixtures";

const PRICE = 100_000_000n; // 0.1 SOL

/** A test app whose chain is RpcChain → JSON-RPC server → embedded chain (one database target is enough: the chain path is under test). */
async function startRpcTestApp(): Promise<TestApp & { embedded: EmbeddedChain; server: JsonRpcServer }> {
  const database: TestDatabase = await openTestDatabase(databaseTarget("pglite"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-rpc-app-"));
  const embedded = await openEmbeddedChain({ dir: path.join(dataDir, "localnet"), cluster: "localnet" });
  const server = await startJsonRpcServer({ chain: embedded, port: 0 });
  const config = parseConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_SITE_ORIGIN,
    LOG_LEVEL: "silent",
    SOLANA_RPC_URL: server.url,
    RATE_LIMIT_READS_PER_MINUTE: "100000",
  });
  const chain = new RpcChain({ cluster: "localnet", rpcUrl: server.url, pollIntervalMs: 20 });
  const runtime = assembleRuntime(config, database, chain);
  installRuntime(runtime);
  await seedDemoDrops(serviceContextOf(runtime));
  return {
    runtime,
    context: (overrides) => serviceContextOf(runtime, overrides),
    embedded,
    server,
    async createKey({ keyClass, collections, origins = [] }) {
      return (await createApiKey({ db: runtime.database.prisma }, { keyClass, collections, origins })).key;
    },
    async close() {
      await chain.close();
      await server.close();
      await embedded.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// A story, in order: the first mint takes the first NFT (shuffle off: the order is the test).
describe("prepare-mint and execute-mint through RpcChain (JSON-RPC localnet)", { shuffle: false }, () => {
  let app: Awaited<ReturnType<typeof startRpcTestApp>>;
  let key: string;
  let paid: FixtureDrop;

  const prepare = (body: Record<string, unknown>) =>
    callJson("POST", "/api/v1/prepare-mint", { headers: { "x-api-key": key }, body });
  const execute = (sessionId: string, signedTransaction: string) =>
    callJson("POST", "/api/v1/execute-mint", { headers: { "x-api-key": key }, body: { sessionId, signedTransaction } });

  beforeAll(async () => {
    app = await startRpcTestApp();
    expect(app.runtime.chain).toBeInstanceOf(RpcChain);
    paid = await createFixtureDrop(app, { shortId: "fixture-rpc", price: PRICE, maxPerWallet: 5 });
    key = await app.createKey({ keyClass: "live", collections: ["fixture-rpc"] });
  });
  afterAll(() => app?.close());

  it("mints a paid NFT: owned on chain, paid exactly as priced", async () => {
    const wallet = await fundedWallet(app);
    const chain = app.runtime.chain;
    const feeAccount = app.runtime.keys.platformFeeAccount.toBase58();
    const accounts = [wallet.publicKey.toBase58(), paid.treasury, feeAccount];
    const before = await Promise.all(accounts.map((a) => chain.getBalance(a)));

    const response = await prepare({
      collectionId: paid.collectionId,
      phaseId: paid.phaseId,
      walletAddress: wallet.publicKey.toBase58(),
      quantity: 1,
    });
    expect(response.status, response.text).toBe(200);
    const body = preparedMintResponseSchema.strict().parse(response.body);
    expect(body.pricing).toMatchObject({
      unitPriceRaw: 100_000_000,
      paidQuantity: 1,
      platformFeeRaw: 5_000_000,
      totalRaw: 105_000_000,
    });

    const timed = async (call: string) =>
      (await metrics().chainSeconds.get()).values.find(
        (value) => value.metricName === "dropmint_chain_call_duration_seconds_count" && value.labels.call === call,
      )?.value ?? 0;
    const [sendsBefore, confirmsBefore] = [await timed("send"), await timed("confirm")];
    const result = await execute(body.sessions[0]!.sessionId, signPrepared(body.transactions[0]!.transaction, wallet));
    expect(result.status, result.text).toBe(200);
    const executed = executeMintResultSchema.strict().parse(result.body);
    expect(executed).toMatchObject({ success: true, minted: 1, totalCost: 0.105, currency: "SOL" });
    // The submit is timed whole (send) and from the node's acceptance on (confirm): GET /metrics.
    expect([(await timed("send")) - sendsBefore, (await timed("confirm")) - confirmsBefore]).toEqual([1, 1]);
    const nft = executed.nfts![0]!;
    expect(nft).toMatchObject({ nftId: body.sessions[0]!.nftIds[0], name: "Fixture #1" });

    // Asked both through RPC and of the chain behind it.
    expect((await chain.getMintOwners([nft.mintAddress])).get(nft.mintAddress)).toBe(wallet.publicKey.toBase58());
    expect((await app.embedded.getMintOwners([nft.mintAddress])).get(nft.mintAddress)).toBe(
      wallet.publicKey.toBase58(),
    );
    expect(await onChainMetadataName(app, nft.mintAddress)).toBe("Fixture #1");
    expect((await chain.getSignatureStatus(executed.signature!)).state).toBe("confirmed");
    const after = await Promise.all(accounts.map((a) => chain.getBalance(a)));
    expect(after[1]! - before[1]!).toBe(BigInt(body.pricing.subtotalRaw));
    expect(after[2]! - before[2]!).toBe(BigInt(body.pricing.platformFeeRaw));
    expect(before[0]! - after[0]!).toBe(BigInt(body.pricing.walletDebitRaw));
    const mints = await app.runtime.database.prisma.mint.findMany({ where: { collectionId: paid.collectionId } });
    expect(mints.map((m) => m.signature)).toEqual([executed.signature]);
  });

  it("refuses a tampered transaction with nothing broadcast, then mints the genuine one", async () => {
    const wallet = await fundedWallet(app);
    const attacker = Keypair.generate().publicKey;
    const response = await prepare({
      collectionId: paid.collectionId,
      phaseId: paid.phaseId,
      walletAddress: wallet.publicKey.toBase58(),
      quantity: 1,
    });
    const body = preparedMintResponseSchema.parse(response.body);
    const sessionId = body.sessions[0]!.sessionId;
    const transaction = decodePrepared(body.transactions[0]!.transaction);
    transaction.instructions[1]!.keys[1]!.pubkey = attacker; // the price goes to the attacker instead
    const tampered = signAnyway(transaction, wallet);
    const balanceBefore = await app.runtime.chain.getBalance(wallet.publicKey.toBase58());

    const refused = await execute(sessionId, tampered);
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).code).toBe("TRANSACTION_MISMATCH");
    expect((await app.runtime.chain.getSignatureStatus(walletSignatureOf(tampered))).state).toBe("not_found");
    expect(await app.runtime.chain.getBalance(wallet.publicKey.toBase58())).toBe(balanceBefore);
    expect(await app.runtime.chain.getBalance(attacker.toBase58())).toBe(0n);
    expect(await app.runtime.database.prisma.mintSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject(
      { status: "prepared", signature: null },
    );

    const genuine = await execute(sessionId, signPrepared(body.transactions[0]!.transaction, wallet));
    expect(genuine.status, genuine.text).toBe(200);
  });
});
