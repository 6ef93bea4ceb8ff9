import { randomBytes } from "node:crypto";
import bs58 from "bs58";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair, Transaction } from "@solana/web3.js";
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createMintToInstruction,
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  getExtensionData,
  getGroupMemberPointerState,
  getMetadataPointerState,
  getTokenGroupMemberState,
  getTokenGroupState,
} from "@solana/spl-token";
import { unpack as unpackMetadata } from "@solana/spl-token-metadata";
import { LiteSVM } from "litesvm";
import {
  ChainTransactionError,
  InvalidAddressError,
  nftMintAccountSize,
  rentExemptLamports,
  signAndSerialize,
  type EmbeddedChain,
} from "@/lib/chain";
import { SOL, mintSetup, openTestChain, prepareMint, readMint, type MintSetup } from "./helpers";

let chain: EmbeddedChain;
let setup: MintSetup;

beforeAll(async () => {
  chain = await openTestChain();
  setup = await mintSetup(chain);
});
afterAll(async () => {
  await chain.close();
});

describe("embedded chain", () => {
  it("is the localnet embedded chain", () => {
    expect(chain.cluster).toBe("localnet");
    expect(chain.kind).toBe("embedded");
  });

  it("airdrops lamports, also the same amount twice", async () => {
    const wallet = Keypair.generate().publicKey.toBase58();
    expect(await chain.getBalance(wallet)).toBe(0n);
    const first = await chain.airdrop(wallet, 2n * SOL);
    const second = await chain.airdrop(wallet, 2n * SOL);
    expect(first).not.toBe(second);
    expect(await chain.getBalance(wallet)).toBe(4n * SOL);
    expect(await chain.getSignatureStatus(first)).toEqual({ state: "confirmed" });
  });

  it("rejects malformed addresses with a typed error", async () => {
    await expect(chain.getBalance("not-an-address")).rejects.toBeInstanceOf(InvalidAddressError);
    await expect(chain.getAccountInfo("0OIl")).rejects.toBeInstanceOf(InvalidAddressError);
  });

  it("creates the collection as a Token-2022 group mint with metadata", async () => {
    const group = await readMint(chain, setup.group);
    expect(group.decimals).toBe(0);
    expect(group.supply).toBe(0n);
    const state = getTokenGroupState(group);
    expect(state?.updateAuthority?.toBase58()).toBe(setup.mintAuthority.publicKey.toBase58());
    expect(state?.maxSize).toBe(100n);
    const metadata = unpackMetadata(getExtensionData(ExtensionType.TokenMetadata, group.tlvData)!);
    expect(metadata.name).toBe("Test Collection");
    expect(getMetadataPointerState(group)?.metadataAddress?.toBase58()).toBe(setup.group.toBase58());
  });

  it("lands a paid NFT mint: buyer owns it, supply is fixed at 1, payees get exact lamports", async () => {
    const { buyer, treasury, feeAccount } = setup;
    const buyerBefore = await chain.getBalance(buyer.publicKey.toBase58());
    const prepared = await prepareMint(setup, { name: "Dropmint #7", uri: "https://example.com/7.json" });
    const mint = prepared.mint.publicKey;

    const signature = await chain.sendRawTransaction(
      signAndSerialize(prepared.transaction, buyer, prepared.mint, setup.mintAuthority),
    );
    expect(await chain.getSignatureStatus(signature)).toEqual({ state: "confirmed" });

    // Ownership, through both holder queries.
    const owners = await chain.getMintOwners([mint.toBase58(), Keypair.generate().publicKey.toBase58()]);
    expect(owners.get(mint.toBase58())).toBe(buyer.publicKey.toBase58());
    expect(owners.size).toBe(1);
    const ata = getAssociatedTokenAddressSync(mint, buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    expect(await chain.getTokenBalances(buyer.publicKey.toBase58())).toEqual([
      { mint: mint.toBase58(), amount: 1n, tokenAccount: ata.toBase58() },
    ]);

    // The mint: supply 1, no authority left, metadata and group membership on the mint itself.
    const onChain = await readMint(chain, mint);
    expect(onChain.supply).toBe(1n);
    expect(onChain.decimals).toBe(0);
    expect(onChain.mintAuthority).toBeNull();
    expect(onChain.freezeAuthority).toBeNull();
    const metadata = unpackMetadata(getExtensionData(ExtensionType.TokenMetadata, onChain.tlvData)!);
    expect(metadata).toMatchObject({ name: "Dropmint #7", symbol: "TNFT", uri: "https://example.com/7.json" });
    expect(metadata.updateAuthority?.toBase58()).toBe(setup.mintAuthority.publicKey.toBase58());
    expect(getMetadataPointerState(onChain)?.metadataAddress?.toBase58()).toBe(mint.toBase58());
    expect(getGroupMemberPointerState(onChain)?.memberAddress?.toBase58()).toBe(mint.toBase58());
    const member = getTokenGroupMemberState(onChain);
    expect(member?.group?.toBase58()).toBe(setup.group.toBase58());
    expect(getTokenGroupState(await readMint(chain, setup.group))?.size).toBeGreaterThanOrEqual(1n);

    // Rent was computed for the exact final size.
    const mintAccount = (await chain.getAccountInfo(mint.toBase58()))!;
    const expectedSize = nftMintAccountSize(mint, setup.mintAuthority.publicKey, metadata);
    expect(mintAccount.data.length).toBe(expectedSize);
    expect(mintAccount.lamports).toBe(rentExemptLamports(expectedSize));

    // Money: payees exactly; buyer pays payments + rent of mint and token account + 3 signature fees.
    expect(await chain.getBalance(treasury.toBase58())).toBe(prepared.price);
    expect(await chain.getBalance(feeAccount.toBase58())).toBe(prepared.fee);
    const ataAccount = (await chain.getAccountInfo(ata.toBase58()))!;
    const spent = buyerBefore - (await chain.getBalance(buyer.publicKey.toBase58()));
    expect(spent).toBe(prepared.price + prepared.fee + mintAccount.lamports + ataAccount.lamports + 3n * 5_000n);
  });

  it("cannot mint a second token of an NFT: the attempt lands as failed", async () => {
    const prepared = await prepareMint(setup);
    await chain.sendRawTransaction(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );
    const mint = prepared.mint.publicKey;
    const ata = getAssociatedTokenAddressSync(mint, setup.buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);

    const mintMore = new Transaction({
      feePayer: setup.mintAuthority.publicKey,
      recentBlockhash: (await chain.getLatestBlockhash()).blockhash,
    }).add(createMintToInstruction(mint, ata, setup.mintAuthority.publicKey, 1n, [], TOKEN_2022_PROGRAM_ID));
    mintMore.sign(setup.mintAuthority);

    const error = await chain.sendRawTransaction(mintMore.serialize()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainTransactionError);
    const failure = error as ChainTransactionError;
    expect(failure.code).toBe("InstructionError");
    expect(failure.landed).toBe(true);
    expect(failure.logs.length).toBeGreaterThan(0);
    const status = await chain.getSignatureStatus(failure.signature!);
    expect(status.state).toBe("failed");
    expect(status.error).toContain("instruction 0 failed");
    expect((await readMint(chain, mint)).supply).toBe(1n);
  });

  it("follows an NFT to its new holder after a transfer", async () => {
    const prepared = await prepareMint(setup);
    await chain.sendRawTransaction(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );
    const mint = prepared.mint.publicKey;
    const friend = Keypair.generate().publicKey;
    const from = getAssociatedTokenAddressSync(mint, setup.buyer.publicKey, false, TOKEN_2022_PROGRAM_ID);
    const to = getAssociatedTokenAddressSync(mint, friend, false, TOKEN_2022_PROGRAM_ID);
    const transfer = new Transaction({
      feePayer: setup.buyer.publicKey,
      recentBlockhash: (await chain.getLatestBlockhash()).blockhash,
    }).add(
      createAssociatedTokenAccountInstruction(setup.buyer.publicKey, to, friend, mint, TOKEN_2022_PROGRAM_ID),
      createTransferCheckedInstruction(from, mint, to, setup.buyer.publicKey, 1n, 0, [], TOKEN_2022_PROGRAM_ID),
    );
    transfer.sign(setup.buyer);
    await chain.sendRawTransaction(transfer.serialize());

    expect((await chain.getMintOwners([mint.toBase58()])).get(mint.toBase58())).toBe(friend.toBase58());
    expect(await chain.getTokenBalances(friend.toBase58())).toEqual([
      { mint: mint.toBase58(), amount: 1n, tokenAccount: to.toBase58() },
    ]);
    const buyerMints = (await chain.getTokenBalances(setup.buyer.publicKey.toBase58())).map((b) => b.mint);
    expect(buyerMints).not.toContain(mint.toBase58());
  });

  it("computes rent exactly as the chain's Rent sysvar does", () => {
    const svm = new LiteSVM();
    for (const size of [0, 82, 165, 170, 552, 10_000]) {
      expect(rentExemptLamports(size)).toBe(svm.minimumBalanceForRentExemption(BigInt(size)));
    }
  });

  it("serializes concurrent callers: parallel mints and reads all succeed and agree", async () => {
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const buyer = Keypair.generate();
        await chain.airdrop(buyer.publicKey.toBase58(), 2n * SOL);
        return buyer;
      }),
    );
    const prepared = await Promise.all(buyers.map((buyer) => prepareMint({ ...setup, buyer })));
    const sent = await Promise.all(
      prepared.map((p, i) =>
        Promise.all([
          chain.sendRawTransaction(signAndSerialize(p.transaction, buyers[i]!, p.mint, setup.mintAuthority)),
          chain.getBlockHeight(),
        ]),
      ),
    );
    expect(new Set(sent.map(([signature]) => signature)).size).toBe(8);
    const owners = await chain.getMintOwners(prepared.map((p) => p.mint.publicKey.toBase58()));
    prepared.forEach((p, i) => expect(owners.get(p.mint.publicKey.toBase58())).toBe(buyers[i]!.publicKey.toBase58()));
  });

  it("reports an unknown signature as not_found", async () => {
    const signature = bs58.encode(randomBytes(64));
    expect(await chain.getSignatureStatus(signature)).toEqual({ state: "not_found" });
  });
});
