// A Solana JSON-RPC endpoint backed by the embedded chain (`npm run localnet`), so several
// app instances (each with SOLANA_RPC_URL pointing here) and a browser wallet share one
// local chain. It answers the methods web3.js `Connection`, spl-token and the wallet
// adapter use, in the shapes a real validator answers them, over plain HTTP (no
// websocket subscriptions: poll getSignatureStatuses instead of `confirmTransaction`).
//
// Everything lands at once, so every landed signature reports `finalized`. Deliberate
// differences from a validator:
// - sendTransaction with skipPreflight still answers a refusal (expired blockhash, bad
//   signature) with an error instead of accepting a transaction that never lands;
// - getTokenAccountsByOwner lists the accounts the chain's index knows (every token account
//   a transaction wrote), jsonParsed only for token accounts;
// - slots equal block heights; statuses report the current slot.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import bs58 from "bs58";
import { getCompiledTransactionMessageDecoder } from "@solana/kit";
import type { EmbeddedChain } from "./embedded-chain";
import { ChainTransactionError, ChainUnavailableError, InvalidAddressError } from "./errors";
import { rentExemptLamports } from "./nft-transaction";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, TOKEN_PROGRAM_IDS, parseTokenAccount } from "./token-accounts";
import { toAddress } from "./wire-transaction";
import type { ChainAccountInfo } from "./types";
import { createLogger } from "@/lib/log";

const log = createLogger("localnet");

export const DEFAULT_LOCALNET_PORT = 8899;

export type JsonRpcServerOptions = {
  chain: EmbeddedChain;
  /** Default 127.0.0.1: the local chain has a free faucet, keep it off the network. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
};

export type JsonRpcServer = {
  /** e.g. http://127.0.0.1:8899 */
  url: string;
  port: number;
  close(): Promise<void>;
};

/** JSON-RPC 2.0 error codes, and the Solana-specific ones clients branch on. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const PREFLIGHT_FAILURE = -32002;
const SIGNATURE_VERIFICATION_FAILURE = -32003;

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const MAX_BATCH = 1_000;
const LAMPORTS_PER_SIGNATURE = 5_000n;
const SLOTS_PER_EPOCH = 432_000;
const COMPUTE_BUDGET_PROGRAM_ID = "ComputeBudget111111111111111111111111111111";
/** Wallets tell clusters apart by genesis hash; this one is fixed and matches no public cluster. */
const GENESIS_HASH = bs58.encode(createHash("sha256").update("dropmint-localnet").digest());
const VERSION = { "solana-core": "2.2.0", "feature-set": 0 };

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

type Params = unknown[];
type Method = (chain: EmbeddedChain, params: Params) => Promise<unknown>;

export async function startJsonRpcServer(options: JsonRpcServerOptions): Promise<JsonRpcServer> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer((request, response) => {
    handleHttp(options.chain, request, response).catch((error: unknown) => {
      log.error("request failed", error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  // Node closes an idle kept-alive socket after 5 s, about when a client (undici keeps them
  // 4 s) may reuse it; the request then fails with "fetch failed". Keep sockets longer than
  // any client does, as RPC providers behind load balancers do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_LOCALNET_PORT, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------
// HTTP and JSON-RPC 2.0

async function handleHttp(chain: EmbeddedChain, request: IncomingMessage, response: ServerResponse): Promise<void> {
  // Any origin: the point is a browser wallet on the app's pages talking to this chain.
  response.setHeader("Access-Control-Allow-Origin", "*");
  if (request.method === "OPTIONS") {
    response.setHeader("Access-Control-Allow-Methods", "POST, GET, OPTIONS");
    response.setHeader(
      "Access-Control-Allow-Headers",
      request.headers["access-control-request-headers"] ?? "content-type, solana-client",
    );
    response.setHeader("Access-Control-Max-Age", "86400");
    // Chrome's Private Network Access: a public page may call this loopback server.
    if (request.headers["access-control-request-private-network"])
      response.setHeader("Access-Control-Allow-Private-Network", "true");
    response.writeHead(204).end();
    return;
  }
  if (request.method === "GET" && request.url?.split("?")[0] === "/health") {
    response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    return;
  }
  if (request.method !== "POST") {
    response
      .writeHead(405, { allow: "POST, GET, OPTIONS", "content-type": "text/plain" })
      .end("Use POST with a JSON-RPC 2.0 body.");
    return;
  }
  const body = await readBody(request);
  if (body === null) {
    response.writeHead(413, { "content-type": "text/plain" }).end("Request body too large.");
    return;
  }
  const reply = await handleJsonRpc(chain, body);
  if (reply === undefined) {
    response.writeHead(204).end();
    return;
  }
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** One body in, one body out (undefined when every call was a notification). */
async function handleJsonRpc(chain: EmbeddedChain, body: string): Promise<unknown> {
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return errorReply(null, PARSE_ERROR, "Parse error");
  }
  if (!Array.isArray(payload)) return handleCall(chain, payload);
  if (payload.length === 0 || payload.length > MAX_BATCH) {
    return errorReply(
      null,
      INVALID_REQUEST,
      payload.length === 0 ? "Invalid request: empty batch" : `Invalid request: at most ${MAX_BATCH} calls per batch`,
    );
  }
  const replies = (await Promise.all(payload.map((call) => handleCall(chain, call)))).filter(
    (reply) => reply !== undefined,
  );
  return replies.length > 0 ? replies : undefined;
}

async function handleCall(chain: EmbeddedChain, call: unknown): Promise<unknown> {
  const request = call as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null;
  const id = isId(request?.id) ? request.id : null;
  if (!request || typeof request !== "object" || request.jsonrpc !== "2.0" || typeof request.method !== "string") {
    return errorReply(id, INVALID_REQUEST, "Invalid request");
  }
  const isNotification = !("id" in request);
  if (request.params !== undefined && !Array.isArray(request.params)) {
    return isNotification ? undefined : errorReply(id, INVALID_PARAMS, "Invalid params: expected an array");
  }
  const method = Object.hasOwn(METHODS, request.method) ? METHODS[request.method] : undefined;
  if (!method) return isNotification ? undefined : errorReply(id, METHOD_NOT_FOUND, "Method not found");
  try {
    const result = await method(chain, (request.params as Params | undefined) ?? []);
    return isNotification ? undefined : { jsonrpc: "2.0", result, id };
  } catch (error) {
    if (isNotification) return undefined;
    if (error instanceof RpcError) return errorReply(id, error.code, error.message, error.data);
    if (error instanceof InvalidAddressError) return errorReply(id, INVALID_PARAMS, `Invalid param: ${error.message}`);
    if (error instanceof RangeError) return errorReply(id, INVALID_PARAMS, `Invalid param: ${error.message}`);
    if (error instanceof ChainUnavailableError) return errorReply(id, INTERNAL_ERROR, error.message);
    log.error(`${request.method} failed`, error);
    return errorReply(id, INTERNAL_ERROR, "Internal error");
  }
}

function isId(value: unknown): value is string | number | null {
  return value === null || typeof value === "string" || typeof value === "number";
}

function errorReply(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: "2.0", error: data === undefined ? { code, message } : { code, message, data }, id };
}

// ---------------------------------------------------------------------------------------
// Methods

const METHODS: Record<string, Method> = {
  getHealth: async () => "ok",
  getVersion: async () => VERSION,
  getGenesisHash: async () => GENESIS_HASH,
  getSlot: async (chain) => Number(await chain.getBlockHeight()),
  getBlockHeight: async (chain) => Number(await chain.getBlockHeight()),

  getEpochInfo: async (chain) => {
    const height = Number(await chain.getBlockHeight());
    return {
      absoluteSlot: height,
      blockHeight: height,
      epoch: Math.floor(height / SLOTS_PER_EPOCH),
      slotIndex: height % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: chain.stats().signatures,
    };
  },

  getLatestBlockhash: async (chain) => {
    const latest = await chain.getLatestBlockhash();
    return withContext(chain, {
      blockhash: latest.blockhash,
      lastValidBlockHeight: Number(latest.lastValidBlockHeight),
    });
  },

  isBlockhashValid: async (chain, params) =>
    withContext(chain, await chain.isBlockhashValid(stringParam(params, 0, "blockhash"))),

  getMinimumBalanceForRentExemption: async (_chain, params) => {
    const size = params[0];
    if (!Number.isSafeInteger(size) || (size as number) < 0 || (size as number) > 10 * 1024 * 1024) {
      throw new RpcError(INVALID_PARAMS, "Invalid param: the data length must be an integer from 0 to 10 MiB");
    }
    return Number(rentExemptLamports(size as number));
  },

  getBalance: async (chain, params) => withContext(chain, Number(await chain.getBalance(addressParam(params, 0)))),

  getAccountInfo: async (chain, params) => {
    const address = addressParam(params, 0);
    const config = configParam(params, 1);
    const account = await chain.getAccountInfo(address);
    return withContext(chain, account ? await encodeAccount(chain, account, config) : null);
  },

  getMultipleAccounts: async (chain, params) => {
    const addresses = params[0];
    if (!Array.isArray(addresses) || addresses.some((a) => typeof a !== "string")) {
      throw new RpcError(INVALID_PARAMS, "Invalid params: expected an array of addresses");
    }
    if (addresses.length > 100) throw new RpcError(INVALID_PARAMS, "Too many inputs provided; max 100");
    const config = configParam(params, 1);
    const accounts = await Promise.all(
      (addresses as string[]).map(async (address) => {
        const account = await chain.getAccountInfo(toAddress(address));
        return account ? encodeAccount(chain, account, config) : null;
      }),
    );
    return withContext(chain, accounts);
  },

  getTokenAccountsByOwner: async (chain, params) => {
    const owner = addressParam(params, 0);
    const filter = params[1] as { mint?: unknown; programId?: unknown } | undefined;
    const config = configParam(params, 2);
    let keep: (entry: { mint: string; account: ChainAccountInfo }) => boolean;
    if (filter && typeof filter.mint === "string") {
      const mint = toAddress(filter.mint);
      keep = (entry) => entry.mint === mint;
    } else if (filter && typeof filter.programId === "string") {
      const programId = filter.programId;
      if (!TOKEN_PROGRAM_IDS.includes(programId))
        throw new RpcError(INVALID_PARAMS, "Invalid param: unrecognized Token program id");
      keep = (entry) => entry.account.owner === programId;
    } else {
      throw new RpcError(INVALID_PARAMS, "Invalid params: expected a filter with mint or programId");
    }
    const entries = (await chain.getTokenAccounts({ owner })).filter(keep);
    const value = await Promise.all(
      entries.map(async (entry) => ({
        pubkey: entry.tokenAccount,
        account: await encodeAccount(chain, entry.account, config),
      })),
    );
    return withContext(chain, value);
  },

  getTokenLargestAccounts: async (chain, params) => {
    const mint = addressParam(params, 0);
    const decimals = await mintDecimals(chain, mint);
    const entries = await chain.getTokenAccounts({ mint });
    const largest = entries.sort((a, b) => (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0)).slice(0, 20);
    return withContext(
      chain,
      largest.map((entry) => ({ address: entry.tokenAccount, ...tokenAmount(entry.amount, decimals) })),
    );
  },

  requestAirdrop: async (chain, params) => {
    const address = addressParam(params, 0);
    const lamports = params[1];
    if (!Number.isSafeInteger(lamports) || (lamports as number) <= 0) {
      throw new RpcError(INVALID_PARAMS, "Invalid param: lamports must be a positive integer");
    }
    try {
      return await chain.airdrop(address, BigInt(lamports as number));
    } catch (error) {
      if (error instanceof ChainTransactionError) throw new RpcError(INTERNAL_ERROR, `Airdrop failed: ${error.reason}`);
      throw error;
    }
  },

  getSignatureStatuses: async (chain, params) => {
    const signatures = params[0];
    if (!Array.isArray(signatures) || signatures.some((s) => typeof s !== "string")) {
      throw new RpcError(INVALID_PARAMS, "Invalid params: expected an array of signatures");
    }
    if (signatures.length > 256) throw new RpcError(INVALID_PARAMS, "Too many inputs provided; max 256");
    const slot = Number(await chain.getBlockHeight());
    const statuses = await Promise.all(
      (signatures as string[]).map(async (signature) => {
        if (!isSignature(signature)) throw new RpcError(INVALID_PARAMS, "Invalid param: not a base58 signature");
        const status = await chain.getSignatureStatus(signature);
        if (status.state === "not_found") return null;
        const err = status.state === "failed" ? toRpcTransactionError(undefined, status.error ?? "failed") : null;
        return {
          slot,
          confirmations: null,
          err,
          status: err === null ? { Ok: null } : { Err: err },
          confirmationStatus: "finalized",
        };
      }),
    );
    return { context: { slot }, value: statuses };
  },

  sendTransaction: async (chain, params) => {
    const config = configParam(params, 1);
    const wire = decodeWireParam(params[0], config.encoding);
    if (config.skipPreflight !== true) {
      const simulation = await chain.simulateRawTransaction(wire);
      if (simulation.error) throw sendRefusal(simulation.error, simulation);
    }
    try {
      return await chain.sendRawTransaction(wire);
    } catch (error) {
      if (!(error instanceof ChainTransactionError)) throw error;
      // Landed and failed: like a validator, hand back the signature; its status carries the error.
      if (error.landed && error.signature) return error.signature;
      if (error.code === "AlreadyProcessed" && error.signature && config.skipPreflight === true) return error.signature;
      throw sendRefusal(error);
    }
  },

  simulateTransaction: async (chain, params) => {
    const config = configParam(params, 1);
    const sigVerify = config.sigVerify === true;
    const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
    if (sigVerify && replaceRecentBlockhash) {
      throw new RpcError(INVALID_PARAMS, "sigVerify may not be used with replaceRecentBlockhash");
    }
    const wire = decodeWireParam(params[0], config.encoding);
    const simulation = await chain.simulateRawTransaction(wire, { sigVerify, replaceRecentBlockhash });
    const { error } = simulation;
    if (error?.code === "SanitizeFailure" || error?.code === "TransactionTooLarge") throw sendRefusal(error);
    if (error?.code === "SignatureFailure" && sigVerify) throw sendRefusal(error);
    const requested = (config.accounts as { addresses?: unknown } | undefined)?.addresses;
    let accounts: unknown[] | null = null;
    if (Array.isArray(requested)) {
      accounts = await Promise.all(
        requested.map(async (address: unknown) => {
          if (typeof address !== "string") throw new RpcError(INVALID_PARAMS, "Invalid params: accounts.addresses");
          if (error) return null;
          const account = simulation.postAccounts.get(address) ?? (await chain.getAccountInfo(toAddress(address)));
          return account ? encodeAccount(chain, account, { encoding: "base64" }) : null;
        }),
      );
    }
    const latest = replaceRecentBlockhash ? await chain.getLatestBlockhash() : null;
    return withContext(chain, {
      err: error ? toRpcTransactionError(error.code, error.reason) : null,
      logs: simulation.logs,
      accounts,
      unitsConsumed: Number(simulation.unitsConsumed),
      returnData: null,
      ...(latest
        ? {
            replacementBlockhash: {
              blockhash: latest.blockhash,
              lastValidBlockHeight: Number(latest.lastValidBlockHeight),
            },
          }
        : {}),
    });
  },

  getFeeForMessage: async (chain, params) => {
    let message;
    try {
      message = getCompiledTransactionMessageDecoder().decode(Buffer.from(stringParam(params, 0, "message"), "base64"));
    } catch {
      throw new RpcError(INVALID_PARAMS, "Invalid param: not a base64 transaction message");
    }
    // Like a validator: no fee for a message whose blockhash can no longer land.
    if (!(await chain.isBlockhashValid(message.lifetimeToken))) return withContext(chain, null);
    return withContext(chain, Number(messageFee(message)));
  },
};

async function withContext<T>(
  chain: EmbeddedChain,
  value: T,
): Promise<{ context: { slot: number; apiVersion: string }; value: T }> {
  return { context: { slot: Number(await chain.getBlockHeight()), apiVersion: VERSION["solana-core"] }, value };
}

// ---------------------------------------------------------------------------------------
// Parameters

function addressParam(params: Params, index: number): string {
  const value = params[index];
  if (typeof value !== "string")
    throw new RpcError(INVALID_PARAMS, `Invalid params: parameter ${index} must be a base58 address`);
  return toAddress(value);
}

function stringParam(params: Params, index: number, name: string): string {
  const value = params[index];
  if (typeof value !== "string") throw new RpcError(INVALID_PARAMS, `Invalid params: ${name} must be a string`);
  return value;
}

type Config = {
  encoding?: unknown;
  dataSlice?: unknown;
  skipPreflight?: unknown;
  sigVerify?: unknown;
  replaceRecentBlockhash?: unknown;
  accounts?: unknown;
};

function configParam(params: Params, index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new RpcError(INVALID_PARAMS, `Invalid params: parameter ${index} must be a config object`);
  return value as Config;
}

function isSignature(value: string): boolean {
  try {
    return bs58.decode(value).length === 64;
  } catch {
    return false;
  }
}

/** A transaction parameter; base58 is the validator's default encoding, web3.js sends base64. */
function decodeWireParam(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== "string") throw new RpcError(INVALID_PARAMS, "Invalid params: the transaction must be a string");
  const kind = encoding ?? "base58";
  if (kind === "base64") {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value))
      throw new RpcError(INVALID_PARAMS, "invalid transaction: not valid base64");
    return Uint8Array.from(Buffer.from(value, "base64"));
  }
  if (kind === "base58") {
    try {
      return bs58.decode(value);
    } catch {
      throw new RpcError(INVALID_PARAMS, "invalid transaction: not valid base58");
    }
  }
  throw new RpcError(
    INVALID_PARAMS,
    `Invalid params: unsupported encoding ${JSON.stringify(kind)}; use base64 or base58`,
  );
}

// ---------------------------------------------------------------------------------------
// Accounts

async function encodeAccount(chain: EmbeddedChain, account: ChainAccountInfo, config: Config) {
  const base = {
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: 0,
    space: account.data.length,
  };
  if (config.encoding === "jsonParsed") {
    const parsed = await parsedTokenAccount(chain, account);
    if (parsed) return { ...base, data: parsed };
  }
  const slice = config.dataSlice as { offset?: unknown; length?: unknown } | undefined;
  let data = account.data;
  if (slice) {
    if (!Number.isSafeInteger(slice.offset) || !Number.isSafeInteger(slice.length))
      throw new RpcError(INVALID_PARAMS, "Invalid params: dataSlice");
    data = data.subarray(slice.offset as number, (slice.offset as number) + (slice.length as number));
  }
  if (config.encoding === "base58") return { ...base, data: [bs58.encode(data), "base58"] };
  if (config.encoding === undefined || config.encoding === "base64" || config.encoding === "jsonParsed") {
    return { ...base, data: [Buffer.from(data).toString("base64"), "base64"] };
  }
  throw new RpcError(
    INVALID_PARAMS,
    `Invalid params: unsupported encoding ${JSON.stringify(config.encoding)}; use base64, base58 or jsonParsed`,
  );
}

/** The `jsonParsed` form of a token account, as the validator's spl-token parser writes it. */
async function parsedTokenAccount(chain: EmbeddedChain, account: ChainAccountInfo) {
  const parsed = parseTokenAccount(account.owner, account.data);
  if (!parsed) return null;
  const decimals = await mintDecimals(chain, parsed.mint).catch(() => 0);
  const view = new DataView(account.data.buffer, account.data.byteOffset, account.data.byteLength);
  return {
    program: account.owner === TOKEN_2022_PROGRAM_ID ? "spl-token-2022" : "spl-token",
    parsed: {
      type: "account",
      info: {
        isNative: view.getUint32(109, true) === 1,
        mint: parsed.mint,
        owner: parsed.owner,
        state: account.data[108] === 2 ? "frozen" : "initialized",
        tokenAmount: tokenAmount(parsed.amount, decimals),
      },
    },
    space: account.data.length,
  };
}

/** Decimals of a token mint (byte 44 of both programs' mint layout); -32602 for anything else. */
async function mintDecimals(chain: EmbeddedChain, mint: string): Promise<number> {
  const account = await chain.getAccountInfo(mint);
  if (!account) throw new RpcError(INVALID_PARAMS, "Invalid param: could not find account");
  const isMint =
    (account.owner === TOKEN_PROGRAM_ID || account.owner === TOKEN_2022_PROGRAM_ID) &&
    account.data.length >= 82 &&
    account.data[45] === 1;
  if (!isMint || parseTokenAccount(account.owner, account.data))
    throw new RpcError(INVALID_PARAMS, "Invalid param: not a Token mint");
  return account.data[44]!;
}

function tokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, "");
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

// ---------------------------------------------------------------------------------------
// Fees and errors

type DecodedMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;

/** 5000 lamports per signature plus the priority fee (unit price × unit limit), as the chain charges. */
function messageFee(message: DecodedMessage): bigint {
  let unitLimit: bigint | undefined;
  let microLamportsPerUnit = 0n;
  let otherInstructions = 0n;
  // (v1 messages carry their compute budget in a config block; only the signature fee is counted for them.)
  const instructions = "instructions" in message ? message.instructions : [];
  for (const instruction of instructions) {
    const data = instruction.data;
    if (message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM_ID || !data) {
      otherInstructions += 1n;
      continue;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
  }
  // Without an explicit limit: 200k units per instruction, at most 1.4M (the default budget).
  const units = unitLimit ?? (otherInstructions * 200_000n < 1_400_000n ? otherInstructions * 200_000n : 1_400_000n);
  const priority = (microLamportsPerUnit * units + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority;
}

/** How a validator answers a transaction it will not forward: the codes RpcChain reads back. */
function sendRefusal(error: ChainTransactionError, simulation?: { logs: string[]; unitsConsumed: bigint }): RpcError {
  if (error.code === "SignatureFailure")
    return new RpcError(SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure");
  if (error.code === "TransactionTooLarge")
    return new RpcError(INVALID_PARAMS, `invalid transaction: too large: ${error.reason}`);
  if (error.code === "SanitizeFailure") return new RpcError(INVALID_PARAMS, `invalid transaction: ${error.reason}`);
  return new RpcError(PREFLIGHT_FAILURE, `Transaction simulation failed: ${error.reason}`, {
    err: toRpcTransactionError(error.code, error.reason),
    logs: simulation?.logs ?? [...error.logs],
    accounts: null,
    unitsConsumed: Number(simulation?.unitsConsumed ?? 0n),
    returnData: null,
  });
}

/**
 * A chain error as the validator's TransactionError JSON (`"BlockhashNotFound"`,
 * `{ "InstructionError": [0, { "Custom": 1 }] }`), read back from the reasons
 * lib/chain/litesvm-errors.ts writes; RpcChain turns it back into the same reason.
 */
function toRpcTransactionError(code: string | undefined, reason: string): unknown {
  const instruction = /^instruction (\d+) failed: (.*)$/s.exec(reason);
  if (instruction) {
    const detail = instruction[2]!;
    const custom = /^custom program error 0x([0-9a-f]+)$/.exec(detail);
    const borsh = /^BorshIoError: (.*)$/s.exec(detail);
    const inner = custom ? { Custom: parseInt(custom[1]!, 16) } : borsh ? { BorshIoError: borsh[1] } : detail;
    return { InstructionError: [Number(instruction[1]), inner] };
  }
  const rent = /^account (\d+) would not be rent-exempt/.exec(reason);
  if (rent) return { InsufficientFundsForRent: { account_index: Number(rent[1]) } };
  const duplicate = /^duplicate instruction (\d+)$/.exec(reason);
  if (duplicate) return { DuplicateInstruction: Number(duplicate[1]) };
  return code ?? reason;
}
