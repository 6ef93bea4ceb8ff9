// The server's own keys, loaded once from the configuration. The mint authority signs
// every mint (at execute, last); the mint-key secret derives each session's NFT mint key.
// Neither ever leaves the server.
import path from "node:path";
import { PublicKey, type Keypair } from "@solana/web3.js";
import type { Config } from "@/lib/config";
import { keypairFromSecret, loadOrCreateLocalKeypair } from "./keypairs";
import { mintKeySecretFromAuthority } from "./mint-keys";

export type ServerKeys = {
  /** Signs every mint: mint authority, metadata and collection-group update authority. */
  mintAuthority: Keypair;
  /** Receives the platform fee. */
  platformFeeAccount: PublicKey;
  /** Derives each session's NFT mint key (lib/chain/mint-keys.ts); never leaves the server. */
  mintKeySecret: Uint8Array;
};

/** The server's keys from config; on localnet the mint authority is generated into DATA_DIR when unset. */
export function loadServerKeys(config: Config): ServerKeys {
  const mintAuthority = config.mintAuthoritySecretKey
    ? keypairFromSecret(config.mintAuthoritySecretKey, "MINT_AUTHORITY_SECRET_KEY")
    : loadOrCreateLocalKeypair(path.join(config.dataDir, "keys", "mint-authority.json"), config.cluster);
  const platformFeeAccount = config.platformFeeAccount
    ? new PublicKey(config.platformFeeAccount)
    : mintAuthority.publicKey;
  return {
    mintAuthority,
    platformFeeAccount,
    mintKeySecret: config.mintKeySecret ?? mintKeySecretFromAuthority(mintAuthority),
  };
}
