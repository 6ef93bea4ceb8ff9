// The worst case the product allows must fit one Solana packet (1232 bytes) fully signed.
import { describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import {
  MAX_TRANSACTION_BYTES,
  TransactionTooLargeError,
  buildNftMintMessage,
  buildNftMintTransaction,
  serializeForWallet,
  signAndSerialize,
  signedTransactionSize,
  transactionMessageBytes,
  type NftMintParams,
} from "@/lib/chain";
import { mintSetup, openTestChain } from "./helpers";

// The server's signers: the NFT mint key and the mint authority (they sign at execute).
const mintKey = Keypair.generate();
const authority = Keypair.generate();

function worstCase(overrides: Partial<NftMintParams> = {}): NftMintParams {
  return {
    payer: Keypair.generate().publicKey,
    mint: mintKey.publicKey,
    mintAuthority: authority.publicKey,
    groupMint: Keypair.generate().publicKey,
    name: "N".repeat(32),
    symbol: "S".repeat(10),
    uri: `https://arweave.net/${"u".repeat(28)}`, // 48 characters
    payments: [
      { to: Keypair.generate().publicKey, lamports: 12_345_678_901n },
      { to: Keypair.generate().publicKey, lamports: 5_000_000n },
    ],
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    computeUnitLimit: 200_000,
    computeUnitPriceMicroLamports: 1_000_000n,
    ...overrides,
  };
}

describe("NFT mint transaction size", () => {
  it("fits 1232 bytes fully signed in the worst case", () => {
    const params = worstCase();
    expect(params.uri).toHaveLength(48);
    const transaction = buildNftMintTransaction(params);
    const predicted = signedTransactionSize(transaction);
    const wallet = Keypair.generate();
    const wire = signAndSerialize(
      buildNftMintTransaction({ ...params, payer: wallet.publicKey }),
      wallet,
      mintKey,
      authority,
    );
    console.log(
      `worst-case NFT mint transaction: ${wire.length} bytes (limit ${MAX_TRANSACTION_BYTES}, room ${MAX_TRANSACTION_BYTES - wire.length})`,
    );
    expect(wire.length).toBe(predicted);
    expect(wire.length).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(transactionMessageBytes(transaction).length).toBe(predicted - 1 - 3 * 64);
    const programs = transaction.instructions.map((ix) => ix.programId.toBase58().slice(0, 5));
    // budget x2, payments x2, createAccount, 5 Token-2022 inits, token account, MintTo, SetAuthority
    expect(programs).toEqual([
      "Compu",
      "Compu",
      "11111",
      "11111",
      "11111",
      "Token",
      "Token",
      "Token",
      "Token",
      "Token",
      "AToke",
      "Token",
      "Token",
    ]);
  });

  it("refuses to build a transaction that would not fit", () => {
    expect(() => buildNftMintTransaction(worstCase({ uri: `https://example.com/${"x".repeat(300)}` }))).toThrow(
      TransactionTooLargeError,
    );
    expect(() => buildNftMintMessage(worstCase({ uri: `https://example.com/${"x".repeat(300)}` }))).toThrow(
      TransactionTooLargeError,
    );
  });

  it("compiles prepare's message and wallet bytes once, byte-identical to web3.js serializing them", () => {
    const params = worstCase();
    const compiled = buildNftMintMessage(params);
    const transaction = buildNftMintTransaction(params);
    expect(Buffer.from(compiled.message).equals(Buffer.from(transactionMessageBytes(transaction)))).toBe(true);
    expect(Buffer.from(compiled.unsignedWire).equals(Buffer.from(serializeForWallet(transaction)))).toBe(true);
    expect(compiled.requiredSignatures).toBe(3);
    expect(compiled.signedSize).toBe(signedTransactionSize(transaction));
  });

  it("compiles a token-priced mint for another owner byte-identical to web3.js too", () => {
    // Token payments repeat the buyer, the token's mint and programs across instructions, and
    // the owner differs from the payer: the memoized compile must merge them as web3.js does.
    const token = {
      mint: Keypair.generate().publicKey.toBase58(),
      programId: TOKEN_PROGRAM_ID.toBase58(),
      decimals: 6,
    };
    const params = worstCase({
      name: "Token #1",
      uri: "https://example.com/1.json",
      owner: Keypair.generate().publicKey,
      payments: [],
      tokenPayments: [
        { token, to: Keypair.generate().publicKey, amount: 5_000_000n },
        { token, to: Keypair.generate().publicKey, amount: 100_000n },
      ],
      computeUnitPriceMicroLamports: 0n,
    });
    const compiled = buildNftMintMessage(params);
    const transaction = buildNftMintTransaction(params);
    expect(Buffer.from(compiled.message).equals(Buffer.from(transactionMessageBytes(transaction)))).toBe(true);
  });

  it("lands the worst case on the chain within the default compute budget", async () => {
    const chain = await openTestChain();
    try {
      const setup = await mintSetup(chain);
      const { blockhash } = await chain.getLatestBlockhash();
      const params = worstCase({
        payer: setup.buyer.publicKey,
        mintAuthority: setup.mintAuthority.publicKey,
        groupMint: setup.group,
        recentBlockhash: blockhash,
        payments: [
          { to: setup.treasury, lamports: 1_000_000_000n },
          { to: setup.feeAccount, lamports: 5_000_000n },
        ],
        computeUnitLimit: undefined,
      });
      const signature = await chain.sendRawTransaction(
        signAndSerialize(buildNftMintTransaction(params), setup.buyer, mintKey, setup.mintAuthority),
      );
      expect(await chain.getSignatureStatus(signature)).toEqual({ state: "confirmed" });
    } finally {
      await chain.close();
    }
  });
});
