// Fungible tokens (SPL Token or Token-2022) created and minted by the server: the demo's
// gate token and test fixtures. Token gates only read balances; nothing here runs in a
// request.
//
// Both transactions are paid and fully signed by the mint authority, so they can be sent
// as built.
import { Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import {
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
} from "@solana/spl-token";
import { rentExemptLamports } from "./nft-transaction";
import { associatedTokenAddress } from "./program-address";
import { TOKEN_PROGRAM_IDS } from "./token-accounts";
import type { ChainAccountInfo } from "./types";

export type TokenProgram = "spl-token" | "token-2022";

const PROGRAM_IDS: Record<TokenProgram, PublicKey> = {
  "spl-token": TOKEN_PROGRAM_ID,
  "token-2022": TOKEN_2022_PROGRAM_ID,
};

// Base mint layout shared by both programs: mintAuthority option (4) + key (32), supply (8), decimals (1).
const DECIMALS_OFFSET = 44;

export type FungibleMintParams = {
  /** Pays the rent and becomes the mint authority (no freeze authority). */
  mintAuthority: Keypair;
  decimals: number;
  recentBlockhash: string;
  /** Defaults to the classic SPL Token program. */
  program?: TokenProgram;
  /** Defaults to a new keypair. */
  mint?: Keypair;
};

/** A new fungible mint with no extensions. Fully signed, authority-paid. */
export function buildFungibleMintTransaction(params: FungibleMintParams): { transaction: Transaction; mint: Keypair } {
  if (!Number.isInteger(params.decimals) || params.decimals < 0 || params.decimals > 9) {
    throw new RangeError("A fungible token has 0 to 9 decimals.");
  }
  const mint = params.mint ?? Keypair.generate();
  const authority = params.mintAuthority.publicKey;
  const programId = PROGRAM_IDS[params.program ?? "spl-token"];
  const transaction = new Transaction({ feePayer: authority, recentBlockhash: params.recentBlockhash }).add(
    SystemProgram.createAccount({
      fromPubkey: authority,
      newAccountPubkey: mint.publicKey,
      space: MINT_SIZE,
      lamports: Number(rentExemptLamports(MINT_SIZE)),
      programId,
    }),
    createInitializeMint2Instruction(mint.publicKey, params.decimals, authority, null, programId),
  );
  transaction.sign(params.mintAuthority, mint);
  return { transaction, mint };
}

export type FungibleMintToParams = {
  mintAuthority: Keypair;
  mint: PublicKey;
  /** Raw amounts (smallest unit) per wallet; each gets its associated token account if missing. */
  recipients: ReadonlyArray<{ owner: PublicKey; amount: bigint }>;
  recentBlockhash: string;
  program?: TokenProgram;
};

/** Mints to wallets' associated token accounts, creating them as needed. Fully signed, authority-paid. */
export function buildFungibleMintToTransaction(params: FungibleMintToParams): Transaction {
  const authority = params.mintAuthority.publicKey;
  const programId = PROGRAM_IDS[params.program ?? "spl-token"];
  const transaction = new Transaction({ feePayer: authority, recentBlockhash: params.recentBlockhash });
  for (const { owner, amount } of params.recipients) {
    if (amount <= 0n) throw new RangeError("A mint-to amount must be positive.");
    const account = associatedTokenAddress(params.mint, owner, false, programId);
    transaction.add(
      createAssociatedTokenAccountIdempotentInstruction(authority, account, owner, params.mint, programId),
      createMintToInstruction(params.mint, account, authority, amount, [], programId),
    );
  }
  transaction.sign(params.mintAuthority);
  return transaction;
}

/** Decimals of a token mint account, or null when the account is not a token mint. */
export function mintDecimalsOf(account: ChainAccountInfo | null): number | null {
  if (!account || !TOKEN_PROGRAM_IDS.includes(account.owner) || account.data.length < MINT_SIZE) return null;
  // Token accounts (165 bytes) share the program; a mint is exactly 82 bytes, or longer with
  // Token-2022 extensions and the account-type byte 1 at offset 165.
  const isMint = account.data.length === MINT_SIZE || (account.data.length > 165 && account.data[165] === 1);
  const initialized = account.data[DECIMALS_OFFSET + 1] === 1;
  return isMint && initialized ? account.data[DECIMALS_OFFSET]! : null;
}
