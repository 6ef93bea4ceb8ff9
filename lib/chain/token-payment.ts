// Payments in a fungible token (SPL Token or Token-2022): the buyer's transfer to the
// creator's associated token account inside the NFT mint transaction, the account created
// idempotently by the buyer when it is missing; the reads prepare needs (the token's program
// and decimals from its mint account, a wallet's balance); and the decoder execute uses to
// check the token transfers a transaction carries.
import bs58 from "bs58";
import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import {
  ExtensionType,
  TOKEN_2022_PROGRAM_ID as TOKEN_2022_PROGRAM,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getExtensionTypes,
  unpackMint,
} from "@solana/spl-token";
import { mintDecimalsOf } from "./fungible-token";
import { WireFormatError, readLegacyMessage } from "./legacy-wire";
import { associatedTokenAddress } from "./program-address";
import { TOKEN_2022_PROGRAM_ID, parseTokenAccount, tokenProgramOfOwner } from "./token-accounts";
import type { Chain } from "./types";

/** A token a price can be paid in, as its mint account on chain describes it. */
export type PaymentToken = { mint: string; programId: string; decimals: number };

/**
 * Token-2022 mint extensions a payment can live with: they describe the token and move
 * nothing. Any other (a transfer fee the creator would lose, a transfer hook needing accounts
 * the transaction lacks, frozen new accounts, a pause, non-transferable tokens...) would pay
 * the creator less than the price or fail the mint.
 */
const HARMLESS_MINT_EXTENSIONS = new Set<ExtensionType>([
  ExtensionType.MintCloseAuthority,
  ExtensionType.MetadataPointer,
  ExtensionType.TokenMetadata,
  ExtensionType.GroupPointer,
  ExtensionType.TokenGroup,
  ExtensionType.GroupMemberPointer,
  ExtensionType.TokenGroupMember,
  ExtensionType.InterestBearingConfig,
  ExtensionType.ScaledUiAmountConfig,
]);

export type TokenPayment = {
  token: PaymentToken;
  /** The wallet paid: the transfer goes to its associated token account. */
  to: PublicKey;
  /** Smallest unit of the token. */
  amount: bigint;
};

/** The token's program and decimals, read from its mint account; null when the address is no token mint. */
export async function readPaymentToken(chain: Chain, mint: string): Promise<PaymentToken | null> {
  const account = await chain.getAccountInfo(mint);
  const decimals = mintDecimalsOf(account);
  return account && decimals !== null ? { mint, programId: account.owner, decimals } : null;
}

/** The names of the mint's Token-2022 extensions a payment cannot be made with (none for SPL Token). */
export async function unpayableExtensionsOf(chain: Chain, token: PaymentToken): Promise<string[]> {
  if (token.programId !== TOKEN_2022_PROGRAM_ID) return [];
  const account = await chain.getAccountInfo(token.mint);
  if (!account) return [];
  const mint = unpackMint(
    new PublicKey(token.mint),
    {
      data: Buffer.from(account.data),
      owner: TOKEN_2022_PROGRAM,
      lamports: Number(account.lamports),
      executable: false,
    },
    TOKEN_2022_PROGRAM,
  );
  return getExtensionTypes(mint.tlvData)
    .filter((type) => !HARMLESS_MINT_EXTENSIONS.has(type))
    .map((type) => ExtensionType[type] ?? `extension ${type}`);
}

/** The associated token account of `owner` for the token. */
export function tokenAccountOf(owner: PublicKey, token: PaymentToken): PublicKey {
  return associatedTokenAddress(new PublicKey(token.mint), owner, true, new PublicKey(token.programId));
}

/** What a wallet's associated token account holds of the token; 0 when it has none. */
export async function tokenBalanceOf(chain: Chain, owner: string, token: PaymentToken): Promise<bigint> {
  const address = tokenAccountOf(new PublicKey(owner), token).toBase58();
  const account = await chain.getAccountInfo(address);
  const parsed = account ? parseTokenAccount(account.owner, account.data) : null;
  return parsed && parsed.mint === token.mint ? parsed.amount : 0n;
}

/**
 * Per payment: the payee's associated token account created if missing (paid by the buyer;
 * a no-op when it exists), then a TransferChecked from the buyer's own account. Zero
 * amounts are left out.
 */
export function tokenPaymentInstructions(
  buyer: PublicKey,
  payments: readonly TokenPayment[],
): TransactionInstruction[] {
  return payments.flatMap(({ token, to, amount }) => {
    if (amount < 0n) throw new RangeError("A payment cannot be negative.");
    if (amount === 0n) return [];
    const mint = new PublicKey(token.mint);
    const program = new PublicKey(token.programId);
    const destination = tokenAccountOf(to, token);
    return [
      createAssociatedTokenAccountIdempotentInstruction(buyer, destination, to, mint, program),
      createTransferCheckedInstruction(
        tokenAccountOf(buyer, token),
        mint,
        destination,
        buyer,
        amount,
        token.decimals,
        [],
        program,
      ),
    ];
  });
}

export type TokenTransfer = {
  programId: string;
  mint: string;
  source: string;
  destination: string;
  authority: string;
  amount: bigint;
};

const TRANSFER_CHECKED = 12;
const TRANSFER = 3;

/**
 * Every token transfer a legacy message makes. A plain Transfer names no mint (mint: ""),
 * so a check that wants a mint refuses it.
 */
export function tokenTransfersOf(messageBytes: Uint8Array): TokenTransfer[] {
  const message = readLegacyMessage(messageBytes);
  const key = (index: number) => {
    const found = message.accountKeys[index];
    if (!found) throw new WireFormatError("an instruction names an account the message does not have");
    return bs58.encode(found);
  };
  const { accountKeys } = message;
  return message.instructions.flatMap((ix): TokenTransfer[] => {
    const program = accountKeys[ix.programIndex];
    const programId = program && tokenProgramOfOwner(program);
    if (!programId) return [];
    const data = Buffer.from(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    const accounts = ix.accountIndexes;
    if (data[0] === TRANSFER_CHECKED && data.length >= 10 && accounts.length >= 4)
      return [
        {
          programId,
          source: key(accounts[0]!),
          mint: key(accounts[1]!),
          destination: key(accounts[2]!),
          authority: key(accounts[3]!),
          amount: data.readBigUInt64LE(1),
        },
      ];
    if (data[0] === TRANSFER && data.length >= 9 && accounts.length >= 3)
      return [
        {
          programId,
          source: key(accounts[0]!),
          mint: "",
          destination: key(accounts[1]!),
          authority: key(accounts[2]!),
          amount: data.readBigUInt64LE(1),
        },
      ];
    return [];
  });
}
