// Is the signed transaction exactly the one prepared for the session? Its message must be
// byte-identical to the stored one (any changed amount, recipient, account or
// instruction changes the message) and the wallet's signature must verify. The server's
// slots are still empty here: execute fills them after this check and its claim.
// Checked before anything is sent, so a refused transaction never reaches the chain.
import { AppError } from "@/lib/errors";
import { PublicKey } from "@solana/web3.js";
import {
  WalletSignatureError,
  checkWalletSigned,
  tokenAccountOf,
  tokenTransfersOf,
  type WalletSignedTransaction,
} from "@/lib/chain";

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export async function checkSignedTransaction(
  signedBase64: string,
  expectedMessageBase64: string,
): Promise<WalletSignedTransaction> {
  const mismatch = (why: string) => new AppError("TRANSACTION_MISMATCH", `${why} Nothing was sent.`);
  if (!BASE64.test(signedBase64)) throw mismatch("The signed transaction is not base64.");
  try {
    return await checkWalletSigned(
      new Uint8Array(Buffer.from(signedBase64, "base64")),
      new Uint8Array(Buffer.from(expectedMessageBase64, "base64")),
    );
  } catch (error) {
    if (!(error instanceof WalletSignatureError)) throw error;
    switch (error.problem) {
      case "unreadable":
        throw mismatch("The signed transaction cannot be read as a Solana transaction.");
      case "message_mismatch":
        throw mismatch("The signed transaction is not the one prepared for this session.");
      case "wallet_signature_missing":
      case "wallet_signature_invalid":
        throw new AppError(
          "INVALID_SIGNATURE",
          "The wallet's signature is missing or does not verify. Nothing was sent.",
        );
    }
  }
}

export type TokenPaymentTerms = {
  messageBase64: string;
  walletAddress: string;
  /** The token the session's price is paid in; null for a SOL price (then no token may move). */
  tokenMint: string | null;
  priceAmount: bigint;
  feeAmount: bigint;
  treasury: string;
  feeAccount: string;
};

/**
 * The token transfers the session's transaction makes are exactly its price to the creator's
 * token account and its fee to the platform's, in its token, from the wallet: the same
 * promise the byte-identical message keeps for SOL, said in terms of the session, so a
 * transaction prepared with other terms is never signed.
 */
export function checkTokenPayment(terms: TokenPaymentTerms): void {
  const transfers = tokenTransfersOf(new Uint8Array(Buffer.from(terms.messageBase64, "base64")));
  const expected = terms.tokenMint
    ? [
        { to: terms.treasury, amount: terms.priceAmount },
        { to: terms.feeAccount, amount: terms.feeAmount },
      ].filter((e) => e.amount > 0n)
    : [];
  const matches =
    transfers.length === expected.length &&
    transfers.every((t, i) => {
      const want = expected[i]!;
      const account = tokenAccountOf(new PublicKey(want.to), { mint: t.mint, programId: t.programId, decimals: 0 });
      return (
        t.mint === terms.tokenMint &&
        t.authority === terms.walletAddress &&
        t.amount === want.amount &&
        t.destination === account.toBase58()
      );
    });
  if (!matches)
    throw new AppError(
      "TRANSACTION_MISMATCH",
      "The transaction's token transfers are not this session's price and fee. Nothing was sent.",
    );
}
