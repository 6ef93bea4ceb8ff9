// Each drop's prize account: the wallet bounty prizes are paid from. Its key is derived like
// the NFT mint keys (mint-keys.ts), but from a secret of its own that is never rotated with
// the signing keys (PRIZE_ACCOUNT_SECRET; server-keys.ts): HMAC-SHA-512(prize-account secret,
// "dropmint/prize-account/" + drop id), the first 32 bytes as an ed25519 seed. Rotating the
// mint authority or MINT_KEY_SECRET therefore moves no prize account and strands no funds. So it is never stored or handed out,
// every instance derives the same one, and the creator funds it by sending SOL or tokens to
// its public address (GET bounty-prizes answers it).
//
// Payout transactions are built here fully signed by that key (it pays their fees too), so
// the service knows each one's signature before sending it and can write it ahead.
import { createHmac } from "node:crypto";
import { Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction } from "@solana/spl-token";
import { associatedTokenAddress } from "./program-address";

const PRIZE_KEY_LABEL = "dropmint/prize-account/";

export function prizeKeypairForDrop(secret: Uint8Array, collectionId: string): Keypair {
  const seed = createHmac("sha512", secret)
    .update(PRIZE_KEY_LABEL + collectionId)
    .digest()
    .subarray(0, 32);
  return Keypair.fromSeed(seed);
}

export type PrizeTransfer =
  | { kind: "sol"; lamports: bigint }
  /** A token (or an NFT: amount 1, decimals 0) held by the prize account, sent to the winner's associated account (created if missing). */
  | { kind: "token"; mint: PublicKey; programId: PublicKey; decimals: number; amount: bigint };

/** One prize from the drop's prize account to the winner, fully signed by the prize account. */
export function buildPrizeTransfer(
  prizeAccount: Keypair,
  winner: PublicKey,
  transfer: PrizeTransfer,
  recentBlockhash: string,
): Transaction {
  const payer = prizeAccount.publicKey;
  const transaction = new Transaction({ feePayer: payer, recentBlockhash });
  if (transfer.kind === "sol") {
    if (transfer.lamports <= 0n) throw new RangeError("A prize must be positive.");
    transaction.add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: winner, lamports: transfer.lamports }));
  } else {
    if (transfer.amount <= 0n) throw new RangeError("A prize must be positive.");
    const { mint, programId } = transfer;
    const from = associatedTokenAddress(mint, payer, false, programId);
    const to = associatedTokenAddress(mint, winner, false, programId);
    transaction.add(
      createAssociatedTokenAccountIdempotentInstruction(payer, to, winner, mint, programId),
      createTransferCheckedInstruction(from, mint, to, payer, transfer.amount, transfer.decimals, [], programId),
    );
  }
  transaction.sign(prizeAccount);
  return transaction;
}
