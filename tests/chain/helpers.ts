// Shared setup for the chain tests: a fresh embedded chain in this worker's DATA_DIR,
// a collection, and a prepared (unsigned) NFT mint. Real litesvm, real keys.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { Keypair, LAMPORTS_PER_SOL, PublicKey, type Transaction } from "@solana/web3.js";
import { unpackMint, TOKEN_2022_PROGRAM_ID, type Mint } from "@solana/spl-token";
import {
  buildCollectionGroupMintTransaction,
  buildNftMintTransaction,
  openEmbeddedChain,
  signAndSerialize,
  type Chain,
  type EmbeddedChain,
} from "@/lib/chain";

export const SOL = BigInt(LAMPORTS_PER_SOL);

export function chainDir(): string {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("tests/helpers/setup-env.ts should have set DATA_DIR");
  return path.join(dataDir, `chain-${randomUUID()}`);
}

/** `slotMs: FROZEN` stops the wall-clock block height, for tests that count blocks exactly. */
export const FROZEN = 1e12;

export async function openTestChain(
  options: { dir?: string; slotMs?: number; snapshotEveryChanges?: number; snapshotIntervalMs?: number } = {},
): Promise<EmbeddedChain> {
  return openEmbeddedChain({ ...options, dir: options.dir ?? chainDir(), cluster: "localnet" });
}

export async function fundedKeypair(chain: Chain, lamports = 10n * SOL): Promise<Keypair> {
  const keypair = Keypair.generate();
  await chain.airdrop(keypair.publicKey.toBase58(), lamports);
  return keypair;
}

export async function createCollection(chain: Chain, mintAuthority: Keypair, maxSize = 100n): Promise<PublicKey> {
  const { blockhash } = await chain.getLatestBlockhash();
  const { transaction, groupMint } = buildCollectionGroupMintTransaction({
    mintAuthority,
    name: "Test Collection",
    symbol: "TCOL",
    uri: "https://example.com/c.json",
    maxSize,
    recentBlockhash: blockhash,
  });
  await chain.sendRawTransaction(transaction.serialize());
  return groupMint.publicKey;
}

export type MintSetup = {
  chain: Chain;
  mintAuthority: Keypair;
  group: PublicKey;
  buyer: Keypair;
  treasury: PublicKey;
  feeAccount: PublicKey;
};

/** A chain with a funded mint authority, a collection, a funded buyer and two payees. */
export async function mintSetup(chain: Chain): Promise<MintSetup> {
  const mintAuthority = await fundedKeypair(chain);
  const group = await createCollection(chain, mintAuthority);
  const buyer = await fundedKeypair(chain);
  return {
    chain,
    mintAuthority,
    group,
    buyer,
    treasury: Keypair.generate().publicKey,
    feeAccount: Keypair.generate().publicKey,
  };
}

export type PreparedMint = { transaction: Transaction; mint: Keypair; price: bigint; fee: bigint };

/** What the prepare step does: an unsigned mint transaction; the wallet signs first, the server (mint key, authority) last. */
export async function prepareMint(
  setup: MintSetup,
  options: { price?: bigint; fee?: bigint; name?: string; uri?: string; recentBlockhash?: string } = {},
): Promise<PreparedMint> {
  const price = options.price ?? 100_000_000n;
  const fee = options.fee ?? 5_000_000n;
  const mint = Keypair.generate();
  const transaction = buildNftMintTransaction({
    payer: setup.buyer.publicKey,
    mint: mint.publicKey,
    mintAuthority: setup.mintAuthority.publicKey,
    groupMint: setup.group,
    name: options.name ?? "Test NFT #1",
    symbol: "TNFT",
    uri: options.uri ?? "https://example.com/1.json",
    payments: [
      { to: setup.treasury, lamports: price },
      { to: setup.feeAccount, lamports: fee },
    ],
    recentBlockhash: options.recentBlockhash ?? (await setup.chain.getLatestBlockhash()).blockhash,
  });
  return { transaction, mint, price, fee };
}

/** Every signature at once (wallet, mint key, mint authority): what execute submits. */
export function signedByAll(
  prepared: PreparedMint,
  setup: Pick<MintSetup, "mintAuthority">,
  wallet: Keypair,
): Uint8Array {
  return signAndSerialize(prepared.transaction, wallet, prepared.mint, setup.mintAuthority);
}

export async function readMint(chain: Chain, mint: PublicKey): Promise<Mint> {
  const info = await chain.getAccountInfo(mint.toBase58());
  if (!info) throw new Error(`mint ${mint.toBase58()} does not exist`);
  return unpackMint(
    mint,
    {
      data: Buffer.from(info.data),
      executable: info.executable,
      lamports: Number(info.lamports),
      owner: new PublicKey(info.owner),
    },
    TOKEN_2022_PROGRAM_ID,
  );
}
