// The chain refuses anything but the exact transaction the server signed, carrying valid
// signatures, once, with a live blockhash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SystemProgram } from "@solana/web3.js";
import bs58 from "bs58";
import {
  ChainTransactionError,
  checkWalletSigned,
  serializeForWallet,
  signAndSerialize,
  type EmbeddedChain,
} from "@/lib/chain";
import { FROZEN, mintSetup, openTestChain, prepareMint, type MintSetup } from "./helpers";

let chain: EmbeddedChain;
let setup: MintSetup;

beforeAll(async () => {
  // Frozen wall-clock height: the blockhash tests count blocks exactly.
  chain = await openTestChain({ slotMs: FROZEN });
  setup = await mintSetup(chain);
});
afterAll(async () => {
  await chain.close();
});

async function refusal(wire: Uint8Array): Promise<ChainTransactionError> {
  const error = await chain.sendRawTransaction(wire).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChainTransactionError);
  return error as ChainTransactionError;
}

function feePayerSignature(wire: Uint8Array): string {
  return bs58.encode(wire.subarray(1, 65));
}

describe("transaction integrity", () => {
  it("refuses a transfer amount changed after the server signed (wallet signature valid)", async () => {
    const prepared = await prepareMint(setup);
    const transferIndex = prepared.transaction.instructions.findIndex(
      (ix) => ix.programId.equals(SystemProgram.programId) && ix.keys[1]?.pubkey.equals(setup.treasury),
    );
    expect(transferIndex).toBeGreaterThan(0);
    prepared.transaction.instructions[transferIndex] = SystemProgram.transfer({
      fromPubkey: setup.buyer.publicKey,
      toPubkey: setup.treasury,
      lamports: 1n,
    });
    prepared.transaction.partialSign(setup.buyer);
    const wire = prepared.transaction.serialize({ verifySignatures: false });

    const error = await refusal(wire);
    expect(error.code).toBe("SignatureFailure");
    expect(error.landed).toBe(false);
    expect(await chain.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "not_found" });
    expect(await chain.getBalance(setup.treasury.toBase58())).toBe(0n);
  });

  it("refuses a transaction with an instruction dropped (the platform fee)", async () => {
    const prepared = await prepareMint(setup);
    prepared.transaction.instructions = prepared.transaction.instructions.filter(
      (ix) => !(ix.programId.equals(SystemProgram.programId) && ix.keys[1]?.pubkey.equals(setup.feeAccount)),
    );
    prepared.transaction.partialSign(setup.buyer);
    const error = await refusal(prepared.transaction.serialize({ verifySignatures: false }));
    expect(error.code).toBe("SignatureFailure");
    expect(await chain.getBalance(setup.feeAccount.toBase58())).toBe(0n);
  });

  it("refuses a bad wallet signature and bytes changed on the wire", async () => {
    const prepared = await prepareMint(setup);
    const wire = Uint8Array.from(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );

    const badSignature = Uint8Array.from(wire);
    badSignature[10] = badSignature[10]! ^ 0xff; // inside the buyer's (first) signature
    expect((await refusal(badSignature)).code).toBe("SignatureFailure");

    const changedMessage = Uint8Array.from(wire);
    changedMessage[changedMessage.length - 1] = changedMessage[changedMessage.length - 1]! ^ 0x01;
    expect((await refusal(changedMessage)).code).toBe("SignatureFailure");

    // The untouched bytes still land: nothing above consumed the transaction.
    await expect(chain.sendRawTransaction(wire)).resolves.toBe(feePayerSignature(wire));
  });

  it("refuses a transaction the wallet has not signed", async () => {
    const prepared = await prepareMint(setup);
    const error = await refusal(serializeForWallet(prepared.transaction));
    expect(error.code).toBe("SignatureFailure");
  });

  it("refuses garbage and oversized bytes", async () => {
    expect((await refusal(new Uint8Array([1, 2, 3]))).code).toBe("SanitizeFailure");
    expect((await refusal(new Uint8Array(1233))).code).toBe("TransactionTooLarge");
  });

  // kit's decoder alone takes a signature count written in more bytes than it needs (0x83
  // 0x00 for 3), which a validator refuses as an alias.
  it("refuses a signature count written long, at the chain and at execute", async () => {
    const prepared = await prepareMint(setup);
    const wire = Uint8Array.from(
      signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority),
    );
    const message = new Uint8Array(prepared.transaction.serializeMessage());
    expect(wire[0]).toBeLessThan(0x80);
    const aliased = Uint8Array.from([wire[0]! | 0x80, 0, ...wire.subarray(1)]);

    expect((await refusal(aliased)).code).toBe("SanitizeFailure");
    await expect(checkWalletSigned(aliased, message)).rejects.toMatchObject({ problem: "unreadable" });
    // Bytes after it are the message's to kit: not the prepared one.
    await expect(checkWalletSigned(Uint8Array.from([...wire, 0]), message)).rejects.toMatchObject({
      problem: "message_mismatch",
    });
    await expect(checkWalletSigned(wire, message)).resolves.toMatchObject({ signature: feePayerSignature(wire) });
    await expect(chain.sendRawTransaction(wire)).resolves.toBe(feePayerSignature(wire));
  });

  it("lands a transaction once: the second submission is a duplicate", async () => {
    const prepared = await prepareMint(setup);
    const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
    const signature = await chain.sendRawTransaction(wire);
    const error = await refusal(wire);
    expect(error.code).toBe("AlreadyProcessed");
    expect(error.landed).toBe(false);
    expect(await chain.getSignatureStatus(signature)).toEqual({ state: "confirmed" });
  });
});

describe("blockhash lifetime", () => {
  it("refuses a transaction after expireBlockhash()", async () => {
    const prepared = await prepareMint(setup);
    await chain.expireBlockhash();
    const wire = signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority);
    const error = await refusal(wire);
    expect(error.code).toBe("BlockhashNotFound");
    expect(await chain.getSignatureStatus(feePayerSignature(wire))).toEqual({ state: "not_found" });
  });

  it("keeps a blockhash valid through lastValidBlockHeight and not one block more", async () => {
    const latest = await chain.getLatestBlockhash();
    const height = await chain.getBlockHeight();
    expect(latest.lastValidBlockHeight).toBe(height + 150n);

    // A newer blockhash does not invalidate the older one (unlike litesvm's own check).
    const fresh = await prepareMint(setup, { recentBlockhash: latest.blockhash });
    const late = await prepareMint(setup, { recentBlockhash: latest.blockhash });
    await chain.advanceBlocks(latest.lastValidBlockHeight - (await chain.getBlockHeight()));
    expect(await chain.getBlockHeight()).toBe(latest.lastValidBlockHeight);
    expect((await chain.getLatestBlockhash()).blockhash).not.toBe(latest.blockhash);
    await expect(
      chain.sendRawTransaction(signAndSerialize(fresh.transaction, setup.buyer, fresh.mint, setup.mintAuthority)),
    ).resolves.toBeTypeOf("string");

    await chain.advanceBlocks(1n);
    expect((await refusal(signAndSerialize(late.transaction, setup.buyer, late.mint, setup.mintAuthority))).code).toBe(
      "BlockhashNotFound",
    );
  });

  it("refuses a blockhash the chain never handed out", async () => {
    const prepared = await prepareMint(setup, { recentBlockhash: bs58.encode(new Uint8Array(32).fill(9)) });
    expect(
      (await refusal(signAndSerialize(prepared.transaction, setup.buyer, prepared.mint, setup.mintAuthority))).code,
    ).toBe("BlockhashNotFound");
  });
});
