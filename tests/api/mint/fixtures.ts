// Fixtures for the mint-flow tests: a drop created for real (its collection group mint on
// the embedded chain, NFT rows in the database) with one active, ungated, fixed-price
// phase; funded wallets; and the wallet's side of signing a prepared transaction.
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from "@solana/web3.js";
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createInitializeMint2Instruction,
  createInitializeNonTransferableMintInstruction,
  createInitializeTransferFeeConfigInstruction,
  getExtensionData,
  getMintLen,
  unpackMint,
} from "@solana/spl-token";
import { unpack as unpackTokenMetadata } from "@solana/spl-token-metadata";
import bs58 from "bs58";
import {
  buildCollectionGroupMintTransaction,
  buildFungibleMintToTransaction,
  buildFungibleMintTransaction,
  readPaymentToken,
  rentExemptLamports,
  tokenBalanceOf,
  type TokenProgram,
} from "@/lib/chain";
import type { TestApp } from "../../helpers/test-app";

export type FixtureDrop = {
  collectionId: string;
  shortId: string;
  phaseId: string;
  treasury: string;
  nftIds: string[];
};

export type FixtureOptions = {
  shortId: string;
  price: bigint;
  supply?: number;
  bogo?: { buy: number; get: number };
  maxPerWallet?: number | null;
  maxPerTransaction?: number | null;
  phaseSupply?: number | null;
  /** No supply cap and no NFT rows: prepare creates them. */
  openEnded?: boolean;
};

export async function createFixtureDrop(app: TestApp, options: FixtureOptions): Promise<FixtureDrop> {
  const { runtime } = app;
  const supply = options.supply ?? 20;
  const authority = runtime.keys.mintAuthority.publicKey.toBase58();
  if ((await runtime.chain.getBalance(authority)) < 1_000_000_000n)
    await runtime.chain.airdrop(authority, 10_000_000_000n);
  const { blockhash } = await runtime.chain.getLatestBlockhash();
  const { transaction, groupMint } = buildCollectionGroupMintTransaction({
    mintAuthority: runtime.keys.mintAuthority,
    name: `Fixture ${options.shortId}`,
    symbol: "FIX",
    uri: `${runtime.config.publicUrl}/d/${options.shortId}`,
    maxSize: options.openEnded ? 2n ** 32n : BigInt(supply),
    recentBlockhash: blockhash,
  });
  await runtime.chain.sendRawTransaction(transaction.serialize());
  const treasury = Keypair.generate().publicKey.toBase58();
  const prisma = runtime.database.prisma;
  const collection = await prisma.collection.create({
    data: {
      shortId: options.shortId,
      name: `Fixture ${options.shortId}`,
      symbol: "FIX",
      chain: runtime.config.chainName,
      collectionAddress: groupMint.publicKey.toBase58(),
      totalSupply: options.openEnded ? null : supply,
      treasuryAddress: treasury,
    },
  });
  const phase = await prisma.phase.create({
    data: {
      collectionId: collection.id,
      name: "Public",
      startDate: new Date(Date.now() - 60_000),
      priceModel: "fixed",
      price: options.price,
      bogoBuy: options.bogo?.buy ?? null,
      bogoGet: options.bogo?.get ?? null,
      maxPerWallet: options.maxPerWallet ?? null,
      maxPerTransaction: options.maxPerTransaction ?? null,
      phaseSupply: options.phaseSupply ?? null,
    },
  });
  const nftIds = options.openEnded ? [] : Array.from({ length: supply }, () => crypto.randomUUID());
  await prisma.nft.createMany({
    data: nftIds.map((id, i) => ({
      id,
      collectionId: collection.id,
      tokenId: i + 1,
      name: `Fixture #${i + 1}`,
      imageUrl: `/art/fixture/${i + 1}.svg`,
      mediaType: "image/svg+xml",
    })),
  });
  return { collectionId: collection.id, shortId: options.shortId, phaseId: phase.id, treasury, nftIds };
}

export async function fundedWallet(app: TestApp, lamports = 5_000_000_000n): Promise<Keypair> {
  const wallet = Keypair.generate();
  if (lamports > 0n) await app.runtime.chain.airdrop(wallet.publicKey.toBase58(), lamports);
  return wallet;
}

/** prepareMint's input for one NFT of `drop`'s phase to `wallet`, nothing optional: the common path. */
export function oneNftInput(drop: { shortId: string; phaseId: string }, wallet: Keypair) {
  return {
    collectionId: drop.shortId,
    phaseId: drop.phaseId,
    walletAddress: wallet.publicKey.toBase58(),
    quantity: 1,
    affiliate_code: null,
    walletProvider: null,
    claimCode: null,
    quotedTokenAmount: null,
  };
}

/** The wallet's part: decode the prepared transaction, sign first (the server signs at execute), encode for execute. */
export function signPrepared(base64: string, wallet: Keypair): string {
  const transaction = Transaction.from(Buffer.from(base64, "base64"));
  transaction.partialSign(wallet);
  return Buffer.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })).toString(
    "base64",
  );
}

/** Signs whatever transaction it is given (tampered ones too) without any check. */
export function signAnyway(transaction: Transaction, wallet: Keypair): string {
  transaction.partialSign(wallet);
  return Buffer.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })).toString(
    "base64",
  );
}

export function decodePrepared(base64: string): Transaction {
  return Transaction.from(Buffer.from(base64, "base64"));
}

/** The wallet's signature (the transaction's name) of a signed base64 transaction. */
export function walletSignatureOf(signedBase64: string): string {
  const transaction = Transaction.from(Buffer.from(signedBase64, "base64"));
  return bs58.encode(transaction.signatures[0]!.signature!);
}

/** The token metadata name stored in an NFT mint account (Token-2022 TokenMetadata extension). */
export async function onChainMetadataName(app: TestApp, mintAddress: string): Promise<string> {
  const info = await app.runtime.chain.getAccountInfo(mintAddress);
  if (!info) throw new Error(`no mint account ${mintAddress}`);
  const mint = unpackMint(
    new PublicKey(mintAddress),
    {
      data: Buffer.from(info.data),
      owner: new PublicKey(info.owner),
      lamports: Number(info.lamports),
      executable: info.executable,
    },
    TOKEN_2022_PROGRAM_ID,
  );
  const data = getExtensionData(ExtensionType.TokenMetadata, mint.tlvData);
  if (!data) throw new Error("no token metadata");
  return unpackTokenMetadata(data).name;
}

/** A fungible token created on the embedded chain by the mint authority, with raw balances for the given wallets. */
export async function createTestToken(
  app: TestApp,
  options: { program: TokenProgram; decimals: number; holders?: ReadonlyArray<{ owner: PublicKey; amount: bigint }> },
): Promise<string> {
  const { chain, keys } = app.runtime;
  const authority = keys.mintAuthority.publicKey.toBase58();
  if ((await chain.getBalance(authority)) < 1_000_000_000n) await chain.airdrop(authority, 10_000_000_000n);
  const created = buildFungibleMintTransaction({
    mintAuthority: keys.mintAuthority,
    decimals: options.decimals,
    program: options.program,
    recentBlockhash: (await chain.getLatestBlockhash()).blockhash,
  });
  await chain.sendRawTransaction(created.transaction.serialize());
  const mint = created.mint.publicKey;
  if (options.holders?.length) await giveTokens(app, mint.toBase58(), options.program, options.holders);
  return mint.toBase58();
}

export async function giveTokens(
  app: TestApp,
  mint: string,
  program: TokenProgram,
  holders: ReadonlyArray<{ owner: PublicKey; amount: bigint }>,
): Promise<void> {
  const { chain, keys } = app.runtime;
  const transaction = buildFungibleMintToTransaction({
    mintAuthority: keys.mintAuthority,
    mint: new PublicKey(mint),
    recipients: holders,
    program,
    recentBlockhash: (await chain.getLatestBlockhash()).blockhash,
  });
  await chain.sendRawTransaction(transaction.serialize());
}

/** What an owner's associated token account holds of a token (0 when it has none), read from the chain. */
export async function tokenBalance(app: TestApp, owner: string, mint: string): Promise<bigint> {
  const token = await readPaymentToken(app.runtime.chain, mint);
  if (!token) throw new Error(`no token mint ${mint}`);
  return tokenBalanceOf(app.runtime.chain, owner, token);
}

/** Token-2022 extensions a payment cannot be made with (lib/chain/token-payment.ts), for the refusal tests. */
export type UnpayableExtension = "transfer-fee" | "non-transferable";

/** A Token-2022 mint of 6 decimals with one extension a payment cannot live with, made by the mint authority. */
export async function createExtensionToken(app: TestApp, extension: UnpayableExtension): Promise<string> {
  const { chain, keys } = app.runtime;
  const authority = keys.mintAuthority;
  const mint = Keypair.generate();
  const [type, init]: [ExtensionType, TransactionInstruction] =
    extension === "transfer-fee"
      ? [
          ExtensionType.TransferFeeConfig,
          // 1% up to one whole token.
          createInitializeTransferFeeConfigInstruction(
            mint.publicKey,
            authority.publicKey,
            authority.publicKey,
            100,
            1_000_000n,
            TOKEN_2022_PROGRAM_ID,
          ),
        ]
      : [
          ExtensionType.NonTransferable,
          createInitializeNonTransferableMintInstruction(mint.publicKey, TOKEN_2022_PROGRAM_ID),
        ];
  const space = getMintLen([type]);
  const transaction = new Transaction({
    feePayer: authority.publicKey,
    recentBlockhash: (await chain.getLatestBlockhash()).blockhash,
  }).add(
    SystemProgram.createAccount({
      fromPubkey: authority.publicKey,
      newAccountPubkey: mint.publicKey,
      space,
      lamports: Number(rentExemptLamports(space)),
      programId: TOKEN_2022_PROGRAM_ID,
    }),
    init,
    createInitializeMint2Instruction(mint.publicKey, 6, authority.publicKey, null, TOKEN_2022_PROGRAM_ID),
  );
  transaction.sign(authority, mint);
  await chain.sendRawTransaction(transaction.serialize());
  return mint.publicKey.toBase58();
}
