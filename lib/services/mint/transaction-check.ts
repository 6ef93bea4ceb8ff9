// Is the signed transaction exactly the one prepared for the session? Its message must be
// byte-identical to the stored one (any changed amount, recipient, account or
// instruction changes the message) and the wallet's signature must verify. The server's
// slots are still empty here: execute fills them after this check and its claim.
// Checked before anything is sent, so a refused transaction never reaches the chain.
import { AppError } from "@/lib/errors";
import { WalletSignatureError, checkWalletSigned, type WalletSignedTransaction } from "@/lib/chain";

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
