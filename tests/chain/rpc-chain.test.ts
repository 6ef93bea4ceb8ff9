// The RPC chain against a real JSON-RPC endpoint: the localnet server over a fresh
// embedded chain, in-process on a free port. Whatever the RPC chain reports must agree
// with the embedded chain behind it.
import { createServer } from "node:http";
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, Transaction } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, createMintToInstruction, getAssociatedTokenAddressSync } from "@solana/spl-token";
import {
  ChainTransactionError,
  ChainUnavailableError,
  FaucetUnavailableError,
  InvalidAddressError,
  RpcChain,
  SHARED_CLOCK_READ_MS,
  signAndSerialize,
  startJsonRpcServer,
  type EmbeddedChain,
  type JsonRpcServer,
  type RpcChainOptions,
} from "@/lib/chain";
import { parseConfig } from "@/lib/config";
import { openChain } from "@/lib/server/create-runtime";
import { SOL, mintSetup, openTestChain, prepareMint, readMint, type MintSetup } from "./helpers";

const FAST: Omit<RpcChainOptions, "cluster" | "rpcUrl"> = {
  pollIntervalMs: 20,
  rebroadcastIntervalMs: 100,
  confirmTimeoutMs: 10_000,
};

let embedded: EmbeddedChain;
let server: JsonRpcServer;
let rpc: RpcChain;
let setup: MintSetup;

beforeAll(async () => {
  embedded = await openTestChain();
  server = await startJsonRpcServer({ chain: embedded, port: 0 });
  rpc = new RpcChain({ cluster: "localnet", rpcUrl: server.url, ...FAST });
  // Airdrops and the collection go through the RPC chain too.
  setup = await mintSetup(rpc);
});
afterAll(async () => {
  await rpc?.close();
  await server?.close();
  await embedded?.close();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error,
  );
}

async function refusal(promise: Promise<unknown>): Promise<ChainTransactionError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ChainTransactionError);
  return error as ChainTransactionError;
}

function feePayerSignature(wire: Uint8Array): string {
  return bs58.encode(wire.subarray(1, 65));
}

/** A transaction the chain accepts but whose MintTo fails (the NFT's supply is fixed). */
async function mintMoreTransaction(mint: Keypair): Promise<Uint8Array> {
  const ata = getAssociatedTokenAddressSync(mint.publicKey, setup.buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
  const transaction = new Transaction({
    feePayer: setup.mintAuthority.publicKey,
    recentBlockhash: (await rpc.getLatestBlockhash()).blockhash,
  }).add(createMintToInstruction(mint.publicKey, ata, setup.mintAuthority.publicKey, 1n, [], TOKEN_2022_PROGRAM_ID));
  transaction.sign(setup.mintAuthority);
  return transaction.serialize();
}

/**
 * Stands in for a network that loses transactions (a leader that never gets them): a
 * proxy that answers the chosen sendTransaction calls with the signature, as a node
 * does, without passing them on.
 */
async function startLossyProxy(target: string, drop: (sendIndex: number) => boolean) {
  let sends = 0;
  const methods = new Map<string, number>();
  const proxy = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString("utf8");
    const call = JSON.parse(body) as { id: unknown; method: string; params: [string] };
    for (const { method } of [call].flat()) methods.set(method, (methods.get(method) ?? 0) + 1);
    if (!Array.isArray(call) && call.method === "sendTransaction" && drop(sends++)) {
      const signature = feePayerSignature(Buffer.from(call.params[0], "base64"));
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: signature }));
      return;
    }
    const upstream = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    response.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    sends: () => sends,
    /** Calls of a JSON-RPC method the proxy passed on or answered. */
    calls: (method: string) => methods.get(method) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

describe("RPC chain against the localnet JSON-RPC server", () => {
  it("is the RPC chain of its cluster", () => {
    expect(rpc.kind).toBe("rpc");
    expect(rpc.cluster).toBe("localnet");
  });

  it("airdrops on localnet and reads balances the embedded chain agrees with", async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    expect(await rpc.getBalance(wallet)).toBe(0n);
    const first = await rpc.airdrop(wallet, 2n * SOL);
    const second = await rpc.airdrop(wallet, 2n * SOL);
    expect(first).not.toBe(second);
    expect(await rpc.getBalance(wallet)).toBe(4n * SOL);
    expect(await embedded.getBalance(wallet)).toBe(4n * SOL);
    expect(await rpc.getSignatureStatus(first)).toEqual({ state: "confirmed" });
    await expect(rpc.airdrop(wallet, 0n)).rejects.toBeInstanceOf(RangeError);
  });

  it("hands out live blockhashes with their last valid block height", async () => {
    const latest = await rpc.getLatestBlockhash();
    const height = await rpc.getBlockHeight();
    expect(typeof latest.lastValidBlockHeight).toBe("bigint");
    expect(latest.lastValidBlockHeight - 150n).toBeLessThanOrEqual(height);
    expect(latest.lastValidBlockHeight - 150n).toBeGreaterThan(height - 10n);
    expect(await embedded.isBlockhashValid(latest.blockhash)).toBe(true);
  });

  it("asks the node once for the blockhash and the height of a burst of callers, and again half a block later", async () => {
    const proxy = await startLossyProxy(server.url, () => false);
    const counted = new RpcChain({ cluster: "localnet", rpcUrl: proxy.url, ...FAST });
    try {
      const burst = () =>
        Promise.all(
          Array.from({ length: 20 }, () => Promise.all([counted.getLatestBlockhash(), counted.getBlockHeight()])),
        );
      const answers = await burst();
      expect(new Set(answers.map(([latest, height]) => `${latest.blockhash} ${height}`)).size).toBe(1);
      expect([proxy.calls("getLatestBlockhash"), proxy.calls("getBlockHeight")]).toEqual([1, 1]);
      // Both only grow: the next reads after SHARED_CLOCK_READ_MS are the node's again.
      await embedded.advanceBlocks(1n);
      await new Promise((resolve) => setTimeout(resolve, SHARED_CLOCK_READ_MS + 20));
      const [latest, height] = (await burst())[0]!;
      expect([proxy.calls("getLatestBlockhash"), proxy.calls("getBlockHeight")]).toEqual([2, 2]);
      expect(height).toBeGreaterThan(answers[0]![1]);
      expect(await embedded.isBlockhashValid(latest.blockhash)).toBe(true);
    } finally {
      await counted.close();
      await proxy.close();
    }
  });

  it("refuses malformed addresses with the typed error, without a request", async () => {
    await expect(rpc.getBalance("not-an-address")).rejects.toBeInstanceOf(InvalidAddressError);
    await expect(rpc.getAccountInfo("0OIl")).rejects.toBeInstanceOf(InvalidAddressError);
    await expect(rpc.getMintOwners(["nope"])).rejects.toBeInstanceOf(InvalidAddressError);
    expect(await rpc.getSignatureStatus("not-a-signature")).toEqual({ state: "not_found" });
  });

  it("lands a wallet-signed NFT mint, confirmed, and reads it back as the embedded chain does", async () => {
    const latest = await rpc.getLatestBlockhash();
    const prepared = await prepareMint(setup, { recentBlockhash: latest.blockhash, name: "Over RPC #1" });
    const mint = prepared.mint.publicKey.toBase58();
    const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);

    const signature = await rpc.sendRawTransaction(wire, { lastValidBlockHeight: latest.lastValidBlockHeight });
    expect(signature).toBe(feePayerSignature(wire));
    expect(await rpc.getSignatureStatus(signature)).toEqual({ state: "confirmed" });
    expect(await embedded.getSignatureStatus(signature)).toEqual({ state: "confirmed" });
    expect((await readMint(rpc, prepared.mint.publicKey)).supply).toBe(1n);

    const buyer = setup.buyer.publicKey.toBase58();
    const queried = [mint, setup.group.toBase58(), Keypair.generate().publicKey.toBase58(), buyer, mint];
    const owners = await rpc.getMintOwners(queried);
    expect(owners.get(mint)).toBe(buyer);
    expect(owners).toEqual(await embedded.getMintOwners(queried));
    const balances = await rpc.getTokenBalances(buyer);
    expect(balances.map((b) => b.mint)).toContain(mint);
    expect(balances).toEqual(await embedded.getTokenBalances(buyer));
    expect(await rpc.getAccountInfo(mint)).toEqual(await embedded.getAccountInfo(mint));
    expect(await rpc.getAccountInfo(Keypair.generate().publicKey.toBase58())).toBeNull();
    expect(await rpc.getBalance(setup.treasury.toBase58())).toBe(await embedded.getBalance(setup.treasury.toBase58()));
  });

  it("refuses a tampered transaction before anything lands", async () => {
    const prepared = await prepareMint(setup);
    const wire = Uint8Array.from(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );
    wire[wire.length - 1] = wire[wire.length - 1]! ^ 0x01;
    const error = await refusal(rpc.sendRawTransaction(wire));
    expect(error.code).toBe("SignatureFailure");
    expect(error.landed).toBe(false);
    expect(await rpc.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "not_found" });
    expect((await refusal(rpc.sendRawTransaction(new Uint8Array([1, 2, 3])))).code).toBe("SanitizeFailure");
    expect((await refusal(rpc.sendRawTransaction(new Uint8Array(1233)))).code).toBe("TransactionTooLarge");
  });

  it("treats a duplicate send as landed and confirms it", async () => {
    const prepared = await prepareMint(setup);
    const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
    const signature = await rpc.sendRawTransaction(wire);
    await expect(rpc.sendRawTransaction(wire)).resolves.toBe(signature);
    expect((await rpc.getMintOwners([prepared.mint.publicKey.toBase58()])).size).toBe(1);
  });

  it("refuses a transaction whose blockhash expired", async () => {
    const prepared = await prepareMint(setup);
    await embedded.expireBlockhash();
    const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
    const error = await refusal(rpc.sendRawTransaction(wire));
    expect(error.code).toBe("BlockhashNotFound");
    expect(error.landed).toBe(false);
    expect(await rpc.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "not_found" });
    // A real chain never drops every blockhash at once: the tests after this one wait out the shared read.
    await new Promise((resolve) => setTimeout(resolve, SHARED_CLOCK_READ_MS));
  });

  it("reports a failing instruction found in preflight as refused, with logs", async () => {
    const prepared = await prepareMint(setup);
    await rpc.sendRawTransaction(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );
    const wire = await mintMoreTransaction(prepared.mint);
    const feesBefore = await rpc.getBalance(setup.mintAuthority.publicKey.toBase58());
    const error = await refusal(rpc.sendRawTransaction(wire));
    expect(error.code).toBe("InstructionError");
    expect(error.reason).toMatch(/^instruction 0 failed: /);
    expect(error.landed).toBe(false);
    expect(error.logs.length).toBeGreaterThan(0);
    expect(await rpc.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "not_found" });
    expect(await rpc.getBalance(setup.mintAuthority.publicKey.toBase58())).toBe(feesBefore);
  });

  it("reports a transaction that landed and failed as failed, like the embedded chain", async () => {
    const prepared = await prepareMint(setup);
    await rpc.sendRawTransaction(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );
    const wire = await mintMoreTransaction(prepared.mint);
    // Sent past preflight by someone else (a wallet with skipPreflight): it lands, fee charged.
    const signature = await new Connection(server.url, "confirmed").sendRawTransaction(wire, { skipPreflight: true });
    const embeddedStatus = await embedded.getSignatureStatus(signature);
    expect(embeddedStatus.state).toBe("failed");
    expect(await rpc.getSignatureStatus(signature)).toEqual(embeddedStatus);

    // Our own send of the same bytes: already processed, and its status says it failed.
    const error = await refusal(rpc.sendRawTransaction(wire));
    expect(error.code).toBe("InstructionError");
    expect(error.landed).toBe(true);
    expect(error.signature).toBe(signature);
    expect(error.reason).toBe(embeddedStatus.error);
  });

  it("rebroadcasts the same bytes until they land", async () => {
    const proxy = await startLossyProxy(server.url, (index) => index === 0);
    const lossy = new RpcChain({ cluster: "localnet", rpcUrl: proxy.url, ...FAST });
    try {
      const latest = await lossy.getLatestBlockhash();
      const prepared = await prepareMint(setup, { recentBlockhash: latest.blockhash });
      const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
      await expect(lossy.sendRawTransaction(wire, { lastValidBlockHeight: latest.lastValidBlockHeight })).resolves.toBe(
        feePayerSignature(wire),
      );
      expect(proxy.sends()).toBeGreaterThanOrEqual(2);
      expect(await embedded.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "confirmed" });
    } finally {
      await lossy.close();
      await proxy.close();
    }
  });

  it("gives up with a refusal once the block height passes lastValidBlockHeight", async () => {
    const proxy = await startLossyProxy(server.url, () => true);
    const lossy = new RpcChain({ cluster: "localnet", rpcUrl: proxy.url, ...FAST });
    try {
      const latest = await lossy.getLatestBlockhash();
      const prepared = await prepareMint(setup, { recentBlockhash: latest.blockhash });
      const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
      const sent = refusal(lossy.sendRawTransaction(wire, { lastValidBlockHeight: latest.lastValidBlockHeight }));
      await new Promise((resolve) => setTimeout(resolve, 250));
      await embedded.expireBlockhash();
      const error = await sent;
      expect(error.code).toBe("BlockhashNotFound");
      expect(error.landed).toBe(false);
      expect(proxy.sends()).toBeGreaterThanOrEqual(2);
      expect(await embedded.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "not_found" });
    } finally {
      await lossy.close();
      await proxy.close();
    }
  });

  it("without lastValidBlockHeight, ends in outcome unknown at the timeout", async () => {
    const proxy = await startLossyProxy(server.url, () => true);
    const lossy = new RpcChain({ cluster: "localnet", rpcUrl: proxy.url, ...FAST, confirmTimeoutMs: 400 });
    try {
      const prepared = await prepareMint(setup);
      const error = await rejection(
        lossy.sendRawTransaction(
          signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
        ),
      );
      expect(error).toBeInstanceOf(ChainUnavailableError);
      expect((error as Error).message).toContain("outcome is unknown");
    } finally {
      await lossy.close();
      await proxy.close();
    }
  });

  it("reports an unreachable endpoint as ChainUnavailableError", async () => {
    const gone = await startJsonRpcServer({ chain: embedded, port: 0 });
    await gone.close();
    const down = new RpcChain({ cluster: "localnet", rpcUrl: gone.url, ...FAST });
    const prepared = await prepareMint(setup);
    const wallet = Keypair.generate().publicKey.toBase58();
    // Each call starts when it is awaited: a read is tried twice before it gives up, and a
    // call started early would reject with nobody listening yet.
    const signed = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
    for (const call of [
      () => down.getBalance(wallet),
      () => down.getLatestBlockhash(),
      () => down.getBlockHeight(),
      () => down.getAccountInfo(wallet),
      () => down.getTokenBalances(wallet),
      () => down.getMintOwners([wallet]),
      () => down.getSignatureStatus(bs58.encode(new Uint8Array(64).fill(1))),
      () => down.airdrop(wallet, SOL),
      () => down.sendRawTransaction(signed),
    ]) {
      expect(await rejection(call())).toBeInstanceOf(ChainUnavailableError);
    }
  });

  it("tries a read once more when its connection is cut before an answer, and never an airdrop", async () => {
    // While `cuts` lasts, a connection is reset when a request arrives on it, unanswered (a
    // new connection or a kept-alive one); otherwise requests are forwarded.
    let cuts = 0;
    const target = new URL(server.url);
    const open = new Set<Socket>();
    const flaky = createNetServer((client) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        open.add(socket);
        socket.on("close", () => open.delete(socket));
        socket.on("error", () => undefined);
      }
      client.on("data", (chunk: Buffer) => {
        if (cuts === 0) return void upstream.write(chunk);
        cuts -= 1;
        client.resetAndDestroy();
        upstream.destroy();
      });
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    const chain = new RpcChain({
      cluster: "localnet",
      rpcUrl: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`,
      ...FAST,
    });
    try {
      cuts = 1;
      expect(await chain.getBlockHeight()).toBeGreaterThan(0n);
      expect(cuts).toBe(0);
      cuts = 2; // a second cut in a row is the endpoint being down: reported, not retried forever
      expect(await rejection(chain.getLatestBlockhash())).toBeInstanceOf(ChainUnavailableError);
      cuts = 1;
      const wallet = Keypair.generate().publicKey.toBase58();
      expect(await rejection(chain.airdrop(wallet, SOL))).toBeInstanceOf(ChainUnavailableError);
      expect(await embedded.getBalance(wallet)).toBe(0n);
    } finally {
      await chain.close();
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });

  it("refuses airdrops on devnet and mainnet without asking the endpoint", async () => {
    for (const cluster of ["devnet", "mainnet"] as const) {
      const chain = new RpcChain({ cluster, rpcUrl: server.url, ...FAST });
      await expect(chain.airdrop(Keypair.generate().publicKey.toBase58(), SOL)).rejects.toBeInstanceOf(
        FaucetUnavailableError,
      );
      expect(await chain.getBlockHeight()).toBeGreaterThan(0n);
      await chain.close();
    }
  });

  it("throws ChainUnavailableError once closed", async () => {
    const chain = new RpcChain({ cluster: "localnet", rpcUrl: server.url, ...FAST });
    await chain.close();
    await expect(chain.getBlockHeight()).rejects.toBeInstanceOf(ChainUnavailableError);
    await expect(chain.persist()).rejects.toBeInstanceOf(ChainUnavailableError);
  });
});

describe("openChain", () => {
  // A devnet or mainnet configuration opens only a node of that cluster: tests/chain/cluster-from-chain.test.ts.
  it("opens the RPC chain when SOLANA_RPC_URL is set, on localnet too", async () => {
    const localnet = await openChain(
      parseConfig({ DATA_DIR: process.env.DATA_DIR, SOLANA_CLUSTER: "localnet", SOLANA_RPC_URL: server.url }),
    );
    try {
      expect([localnet.kind, localnet.cluster]).toEqual(["rpc", "localnet"]);
      expect(await localnet.getBlockHeight()).toBe(await embedded.getBlockHeight());
    } finally {
      await localnet.close();
    }
  });
});
