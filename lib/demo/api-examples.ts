// Examples for the OpenAPI documents, taken from the demo drops a fresh start seeds, so a
// reader can paste any of them against a local site and get a real answer.
import { createHash } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { DEMO_BLOCKED_WALLET_SEED, DEMO_DROPS } from "./demo-drops";
import { SPRITE_CLAIM_CODE_BATCHES } from "./seed-demo-drops";

/** The documented wallet the sprites drop blocks (a prepare for it answers WALLET_BLOCKED). */
export function demoBlockedWalletAddress(): string {
  return Keypair.fromSeed(createHash("sha256").update(DEMO_BLOCKED_WALLET_SEED).digest()).publicKey.toBase58();
}

/** Valid base64, as the schema requires; it decodes to a sentence, not a transaction. */
const SIGNED_TRANSACTION = Buffer.from("the wallet-signed legacy transaction, serialized").toString("base64");

const launchCode = SPRITE_CLAIM_CODE_BATCHES.find((batch) => batch.name === "Launch gifts")!.codes[0];

/**
 * Example values by parameter or body field name. Phase ids are made when the demo is seeded,
 * so the phase example is a placeholder: read a real one from GET /collections/sprites.
 */
export function demoApiExamples() {
  const wallet = demoBlockedWalletAddress();
  const identifier = DEMO_DROPS.sprites.shortId;
  return {
    parameters: {
      identifier,
      collectionId: identifier,
      phaseId: "3f1c2a9e-5b7d-4e8a-9c0f-1a2b3c4d5e6f",
      walletAddress: wallet,
      q: DEMO_DROPS.aurora.shortId.slice(0, 3),
      search: "Sprite",
      sort: "newest",
    } as Record<string, string>,
    /** Where one operation's parameter has another shape than the name's usual one. */
    byOperation: { getNft: { identifier: `${identifier}:1` } } as Record<string, Record<string, string>>,
    bodies: {
      validateClaimCode: { code: launchCode },
      validateCode: { collection: identifier, code: launchCode },
      prepareMint: {
        collectionId: DEMO_DROPS.aurora.shortId,
        phaseId: "3f1c2a9e-5b7d-4e8a-9c0f-1a2b3c4d5e6f",
        walletAddress: wallet,
        quantity: 1,
      },
      executeMint: {
        sessionId: "6d0f7c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f",
        signedTransaction: SIGNED_TRANSACTION,
      },
      executeMintBatch: {
        transactions: [
          {
            sessionId: "6d0f7c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f",
            signedTransaction: SIGNED_TRANSACTION,
          },
        ],
      },
    } as Record<string, unknown>,
  };
}
