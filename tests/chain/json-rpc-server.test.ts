// The localnet JSON-RPC server as web3.js `Connection`, spl-token and a wallet use it,
// over a fresh embedded chain; answers are checked against the chain behind it.
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type ParsedAccountData,
} from "@solana/web3.js";
import {
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
} from "@solana/spl-token";
import {
  rentExemptLamports,
  signAndSerialize,
  startJsonRpcServer,
  type EmbeddedChain,
  type JsonRpcServer,
} from "@/lib/chain";
import { FROZEN, SOL, fundedKeypair, mintSetup, openTestChain, prepareMint, type MintSetup } from "./helpers";

let chain: EmbeddedChain;
let server: JsonRpcServer;
let connection: Connection;
let setup: MintSetup;
let nft: PublicKey;
let nftAccount: PublicKey;

beforeAll(async () => {
  // Frozen wall-clock height: "the same height over RPC and in process" must not race a new block.
  chain = await openTestChain({ slotMs: FROZEN });
  server = await startJsonRpcServer({ chain, port: 0 });
  connection = new Connection(server.url, "confirmed");
  setup = await mintSetup(chain);
  const prepared = await prepareMint(setup);
  await chain.sendRawTransaction(
    signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
  );
  nft = prepared.mint.publicKey;
  nftAccount = getAssociatedTokenAddressSync(nft, setup.buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
});
afterAll(async () => {
  await server?.close();
  await chain?.close();
});

async function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function call(
  method: string,
  params?: unknown[],
): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  return (await post({ jsonrpc: "2.0", id: 1, method, ...(params ? { params } : {}) })).json();
}

async function transfer(
  from: Keypair,
  to: PublicKey,
  lamports: number | bigint,
  extra: { unitLimit?: number; microLamports?: bigint } = {},
): Promise<Transaction> {
  const transaction = new Transaction({ feePayer: from.publicKey, ...(await connection.getLatestBlockhash()) });
  if (extra.unitLimit) transaction.add(ComputeBudgetProgram.setComputeUnitLimit({ units: extra.unitLimit }));
  if (extra.microLamports)
    transaction.add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: extra.microLamports }));
  transaction.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  return transaction;
}

describe("localnet JSON-RPC server: what a wallet and web3.js call", () => {
  it("describes the cluster", async () => {
    expect((await connection.getVersion())["solana-core"]).toMatch(/^\d+\.\d+\.\d+$/);
    const genesis = await connection.getGenesisHash();
    expect(bs58.decode(genesis)).toHaveLength(32);
    expect(await connection.getGenesisHash()).toBe(genesis);
    const height = await connection.getBlockHeight();
    expect(BigInt(height)).toBe(await chain.getBlockHeight());
    expect(await connection.getSlot()).toBeGreaterThanOrEqual(height);
    const epoch = await connection.getEpochInfo();
    expect(epoch).toMatchObject({ epoch: 0, slotsInEpoch: 432_000 });
    expect(epoch.transactionCount).toBeGreaterThan(0);
    expect((await call("getHealth")).result).toBe("ok");
    expect(await (await fetch(`${server.url}/health`)).text()).toBe("ok");
  });

  it("hands out the chain's blockhashes and says which are still valid", async () => {
    const latest = await connection.getLatestBlockhash();
    expect(await chain.isBlockhashValid(latest.blockhash)).toBe(true);
    expect(BigInt(latest.lastValidBlockHeight) - 150n).toBeLessThanOrEqual(await chain.getBlockHeight());
    expect((await connection.isBlockhashValid(latest.blockhash)).value).toBe(true);
    expect((await connection.isBlockhashValid(bs58.encode(new Uint8Array(32).fill(7)))).value).toBe(false);
  });

  it("airdrops, and reports the signature finalized", async () => {
    const wallet = Keypair.generate().publicKey;
    const signature = await connection.requestAirdrop(wallet, LAMPORTS_PER_SOL);
    const { value } = await connection.getSignatureStatuses([signature]);
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: "finalized" });
    expect(await connection.getBalance(wallet)).toBe(LAMPORTS_PER_SOL);
    expect((await call("requestAirdrop", [wallet.toBase58(), -1])).error?.code).toBe(-32602);
  });

  it("takes a wallet-signed transfer (base64 and base58) and charges exactly getFeeForMessage", async () => {
    const wallet = await fundedKeypair(chain, 2n * SOL);
    const to = Keypair.generate().publicKey;
    const plain = await transfer(wallet, to, 1_000_000);
    plain.sign(wallet);
    const fee = (await connection.getFeeForMessage(plain.compileMessage())).value;
    expect(fee).toBe(5_000);
    const before = await connection.getBalance(wallet.publicKey);
    const signature = await connection.sendRawTransaction(plain.serialize());
    expect(signature).toBe(bs58.encode(plain.signature!));
    const status = (await connection.getSignatureStatus(signature, { searchTransactionHistory: true })).value;
    expect(status).toMatchObject({ err: null, confirmationStatus: "finalized", confirmations: null });
    expect(before - (await connection.getBalance(wallet.publicKey))).toBe(1_000_000 + fee!);

    // A priority fee: unit price × unit limit on top of the signature fee.
    const priority = await transfer(wallet, to, 1_000_000, { unitLimit: 10_000, microLamports: 250_000n });
    priority.sign(wallet);
    const priorityFee = (await connection.getFeeForMessage(priority.compileMessage())).value;
    expect(priorityFee).toBe(5_000 + 2_500);
    const beforePriority = await connection.getBalance(wallet.publicKey);
    // Base58, the validator's default encoding when none is named.
    const sent = await call("sendTransaction", [bs58.encode(priority.serialize())]);
    expect(sent.result).toBe(bs58.encode(priority.signature!));
    expect(beforePriority - (await connection.getBalance(wallet.publicKey))).toBe(1_000_000 + priorityFee!);
    expect(await connection.getBalance(to)).toBe(2_000_000);

    // A message with an expired blockhash has no fee.
    await chain.expireBlockhash();
    expect((await connection.getFeeForMessage(plain.compileMessage())).value).toBeNull();
  });

  it("refuses in preflight what would fail, and lands it as failed with skipPreflight", async () => {
    const wallet = await fundedKeypair(chain, SOL);
    const tooMuch = await transfer(wallet, Keypair.generate().publicKey, 5n * SOL);
    tooMuch.sign(wallet);

    const error = await connection.sendRawTransaction(tooMuch.serialize()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).transactionError.logs?.length).toBeGreaterThan(0);
    const raw = await call("sendTransaction", [tooMuch.serialize().toString("base64"), { encoding: "base64" }]);
    expect(raw.error).toMatchObject({ code: -32002, data: { err: { InstructionError: [0, { Custom: 1 }] } } });
    expect(await connection.getBalance(wallet.publicKey)).toBe(LAMPORTS_PER_SOL);

    const signature = await connection.sendRawTransaction(tooMuch.serialize(), { skipPreflight: true });
    const status = (await connection.getSignatureStatuses([signature])).value[0];
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await chain.getSignatureStatus(signature)).toEqual({
      state: "failed",
      error: "instruction 0 failed: custom program error 0x1",
    });
    expect(await connection.getBalance(wallet.publicKey)).toBe(LAMPORTS_PER_SOL - 5_000);
    // The same bytes again: skipPreflight hands back the signature, preflight says already processed.
    expect(await connection.sendRawTransaction(tooMuch.serialize(), { skipPreflight: true })).toBe(signature);
    const again = await call("sendTransaction", [tooMuch.serialize().toString("base64"), { encoding: "base64" }]);
    expect(again.error).toMatchObject({ code: -32002, data: { err: "AlreadyProcessed" } });
  });

  it("answers bad signatures and bad bytes the way a validator does", async () => {
    const wallet = await fundedKeypair(chain, SOL);
    const signed = await transfer(wallet, Keypair.generate().publicKey, 1_000);
    signed.sign(wallet);
    const tampered = Uint8Array.from(signed.serialize());
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 0x01;
    for (const skipPreflight of [false, true]) {
      const reply = await call("sendTransaction", [
        Buffer.from(tampered).toString("base64"),
        { encoding: "base64", skipPreflight },
      ]);
      expect(reply.error?.code).toBe(-32003);
    }
    expect(
      (await call("sendTransaction", [Buffer.from([1, 2, 3]).toString("base64"), { encoding: "base64" }])).error?.code,
    ).toBe(-32602);
    expect((await call("sendTransaction", ["@@@", { encoding: "base64" }])).error?.code).toBe(-32602);
    const tooLarge = await call("sendTransaction", [Buffer.alloc(1233).toString("base64"), { encoding: "base64" }]);
    expect(tooLarge.error?.message).toMatch(/too large/i);
  });

  it("simulates without committing: unsigned (wallet preview), signed, replaced blockhash, failing", async () => {
    const wallet = await fundedKeypair(chain, SOL);
    const to = Keypair.generate().publicKey;
    const unsigned = await transfer(wallet, to, 1_234_567);
    const preview = await connection.simulateTransaction(unsigned, undefined, [to]);
    expect(preview.value.err).toBeNull();
    expect(preview.value.logs).toContain("Program 11111111111111111111111111111111 success");
    expect(preview.value.accounts?.[0]?.lamports).toBe(1_234_567);
    expect(preview.value.unitsConsumed).toBeGreaterThan(0);
    expect(await connection.getBalance(to)).toBe(0);

    const message = new TransactionMessage({
      payerKey: wallet.publicKey,
      recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 1_000_000 })],
    }).compileToV0Message();
    const versioned = new VersionedTransaction(message);
    versioned.sign([wallet]);
    expect((await connection.simulateTransaction(versioned, { sigVerify: true })).value.err).toBeNull();
    const forged = new VersionedTransaction(message, [Keypair.generate().secretKey.subarray(0, 64)]);
    await expect(connection.simulateTransaction(forged, { sigVerify: true })).rejects.toThrow(/signature verification/);
    // Without sigVerify (the default) the same bytes simulate: wallets preview before signing.
    expect((await connection.simulateTransaction(forged)).value.err).toBeNull();

    const stale = new VersionedTransaction(
      new TransactionMessage({
        payerKey: wallet.publicKey,
        recentBlockhash: bs58.encode(new Uint8Array(32).fill(3)),
        instructions: [SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: to, lamports: 1_000_000 })],
      }).compileToV0Message(),
    );
    expect((await connection.simulateTransaction(stale)).value.err).toBe("BlockhashNotFound");
    // The embedded chain makes a block every 400 ms of wall time, so the latest blockhash may
    // move while we ask: the replacement is the latest one as of some moment in between.
    const before = (await chain.getLatestBlockhash()).blockhash;
    const replaced = await connection.simulateTransaction(stale, { replaceRecentBlockhash: true });
    const after = (await chain.getLatestBlockhash()).blockhash;
    expect(replaced.value.err).toBeNull();
    const replacement = (replaced.value as { replacementBlockhash?: { blockhash: string } }).replacementBlockhash;
    expect(replacement?.blockhash).toBeDefined();
    if (before === after) expect(replacement!.blockhash).toBe(after);
    else expect(await chain.isBlockhashValid(replacement!.blockhash)).toBe(true);

    const failing = await connection.simulateTransaction(await transfer(wallet, to, 5n * SOL));
    expect(failing.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await connection.getBalance(to)).toBe(0);
  });

  it("serves accounts in base64, base58, jsonParsed and slices, as spl-token reads them", async () => {
    const info = await connection.getAccountInfo(nft);
    const onChain = (await chain.getAccountInfo(nft.toBase58()))!;
    expect(info?.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(Uint8Array.from(info!.data)).toEqual(onChain.data);
    expect(BigInt(info!.lamports)).toBe(onChain.lamports);
    const [many, missing] = await connection.getMultipleAccountsInfo([nft, Keypair.generate().publicKey]);
    expect(many?.data.equals(info!.data)).toBe(true);
    expect(missing).toBeNull();
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();

    const mint = await getMint(connection, nft, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(mint.supply).toBe(1n);
    expect(mint.mintAuthority).toBeNull();
    const holding = await getAccount(connection, nftAccount, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(holding.owner.equals(setup.buyer.publicKey)).toBe(true);
    expect(holding.amount).toBe(1n);

    const parsed = (await connection.getParsedAccountInfo(nftAccount)).value?.data as ParsedAccountData;
    expect(parsed.program).toBe("spl-token-2022");
    expect(parsed.parsed.info).toMatchObject({
      mint: nft.toBase58(),
      owner: setup.buyer.publicKey.toBase58(),
      state: "initialized",
    });
    expect(parsed.parsed.info.tokenAmount).toEqual({ amount: "1", decimals: 0, uiAmount: 1, uiAmountString: "1" });
    // No parser for mints: base64, as a validator falls back.
    expect(Buffer.isBuffer((await connection.getParsedAccountInfo(nft)).value?.data)).toBe(true);

    const base58 = await call("getAccountInfo", [
      nft.toBase58(),
      { encoding: "base58", dataSlice: { offset: 0, length: 32 } },
    ]);
    const sliced = (base58.result as { value: { data: [string, string] } }).value.data;
    expect(sliced[1]).toBe("base58");
    expect(bs58.decode(sliced[0])).toEqual(onChain.data.subarray(0, 32));
    expect((await call("getAccountInfo", [nft.toBase58(), { encoding: "base64+zstd" }])).error?.code).toBe(-32602);
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(Number(rentExemptLamports(165)));
  });

  it("finds token accounts by owner (program or mint filter) and an NFT's holder", async () => {
    const owner = setup.buyer.publicKey;
    const byProgram = await connection.getTokenAccountsByOwner(owner, { programId: TOKEN_2022_PROGRAM_ID });
    expect(byProgram.value.map((entry) => entry.pubkey.toBase58())).toContain(nftAccount.toBase58());
    const expected = (await chain.getTokenBalances(owner.toBase58())).map((b) => b.tokenAccount).sort();
    expect(byProgram.value.map((entry) => entry.pubkey.toBase58()).sort()).toEqual(expected);
    const byMint = await connection.getTokenAccountsByOwner(owner, { mint: nft });
    expect(byMint.value.map((entry) => entry.pubkey.toBase58())).toEqual([nftAccount.toBase58()]);
    expect(byMint.value[0]?.account.owner.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect((await connection.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ID })).value).toEqual([]);
    await expect(connection.getTokenAccountsByOwner(owner, { programId: SystemProgram.programId })).rejects.toThrow(
      /Token program/,
    );

    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { mint: nft });
    expect((parsed.value[0]?.account.data as ParsedAccountData).parsed.info.tokenAmount.amount).toBe("1");

    const largest = await connection.getTokenLargestAccounts(nft);
    expect(largest.value).toEqual([
      { address: nftAccount, amount: "1", decimals: 0, uiAmount: 1, uiAmountString: "1" },
    ]);
    expect((await connection.getTokenLargestAccounts(setup.group)).value).toEqual([]);
    const notMint = await call("getTokenLargestAccounts", [owner.toBase58()]);
    expect(notMint.error).toMatchObject({ code: -32602, message: "Invalid param: not a Token mint" });
    const unknown = await call("getTokenLargestAccounts", [Keypair.generate().publicKey.toBase58()]);
    expect(unknown.error).toMatchObject({ code: -32602, message: "Invalid param: could not find account" });
  });
});

describe("localnet JSON-RPC server: protocol", () => {
  it("answers batches in order, and each call in it on its own", async () => {
    const body = await (
      await post([
        { jsonrpc: "2.0", id: "a", method: "getBlockHeight" },
        { jsonrpc: "2.0", id: 2, method: "getBalance", params: ["not-an-address"] },
        { jsonrpc: "2.0", method: "getHealth" },
        { jsonrpc: "2.0", id: 3, method: "noSuchMethod" },
      ])
    ).json();
    expect(body).toEqual([
      { jsonrpc: "2.0", id: "a", result: expect.any(Number) },
      { jsonrpc: "2.0", id: 2, error: { code: -32602, message: expect.stringContaining("Invalid param") } },
      { jsonrpc: "2.0", id: 3, error: { code: -32601, message: "Method not found" } },
    ]);
  });

  it("uses the JSON-RPC 2.0 error codes for broken requests", async () => {
    expect(await (await post("{nope")).json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error" },
    });
    expect((await (await post([])).json()).error.code).toBe(-32600);
    expect((await (await post({ id: 1, method: "getHealth" })).json()).error.code).toBe(-32600);
    expect((await (await post({ jsonrpc: "2.0", id: 1, method: "getBalance", params: "x" })).json()).error.code).toBe(
      -32602,
    );
    expect((await (await post({ jsonrpc: "2.0", id: 1, method: "toString" })).json()).error.code).toBe(-32601);
    // Only notifications: nothing to answer.
    expect((await post({ jsonrpc: "2.0", method: "getHealth" })).status).toBe(204);
    expect((await fetch(server.url, { method: "PUT" })).status).toBe(405);
    const statuses = await call("getSignatureStatuses", [
      Array.from({ length: 257 }, () => bs58.encode(new Uint8Array(64))),
    ]);
    expect(statuses.error?.code).toBe(-32602);
    expect((await call("getSignatureStatuses", [["not-a-signature"]])).error?.code).toBe(-32602);
  });

  it("lets browsers in (CORS, private network access)", async () => {
    const preflight = await fetch(server.url, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,solana-client",
        "access-control-request-private-network": "true",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type,solana-client");
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-private-network")).toBe("true");
    const response = await post({ jsonrpc: "2.0", id: 1, method: "getHealth" }, { origin: "http://localhost:3000" });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});
