// The server's own keys, loaded once from the configuration. The mint authority signs
// every mint (at execute, last); the mint-key secret derives each session's NFT mint key.
// Neither ever leaves the server.
import path from "node:path";
import { PublicKey, type Keypair } from "@solana/web3.js";
import type { Config } from "@/lib/config";
import { keypairFromSecret, loadOrCreateLocalKeypair, loadOrCreateLocalSecret } from "./keypairs";
import { mintKeySecretFromAuthority } from "./mint-keys";

export type ServerKeys = {
  /** Signs every mint: mint authority, metadata and collection-group update authority. */
  mintAuthority: Keypair;
  /** Receives the platform fee. */
  platformFeeAccount: PublicKey;
  /** Derives each session's NFT mint key (lib/chain/mint-keys.ts); never leaves the server. */
  mintKeySecret: Uint8Array;
  /**
   * Derives each drop's prize account (lib/chain/prize-account.ts). Its own secret, never
   * rotated with the two above: rotating the signing keys keeps every prize account and its funds.
   */
  prizeAccountSecret: Uint8Array;
};

/** DATA_DIR's folder of the keys generated on localnet (a backup copies it). */
export const LOCAL_KEYS_FOLDER = "keys";

/** The server's keys from config; on localnet the mint authority is generated into DATA_DIR when unset. */
export function loadServerKeys(config: Config): ServerKeys {
  const mintAuthority = config.mintAuthoritySecretKey
    ? keypairFromSecret(config.mintAuthoritySecretKey, "MINT_AUTHORITY_SECRET_KEY")
    : loadOrCreateLocalKeypair(path.join(config.dataDir, LOCAL_KEYS_FOLDER, "mint-authority.json"), config.cluster);
  const platformFeeAccount = config.platformFeeAccount
    ? new PublicKey(config.platformFeeAccount)
    : mintAuthority.publicKey;
  const mintKeySecret = config.mintKeySecret ?? mintKeySecretFromAuthority(mintAuthority);
  return {
    mintAuthority,
    platformFeeAccount,
    mintKeySecret,
    prizeAccountSecret: config.prizeAccountSecret ?? localPrizeAccountSecret(config, mintKeySecret),
  };
}

/**
 * Localnet without PRIZE_ACCOUNT_SECRET: the secret kept in DATA_DIR. It is written once, from
 * the mint-key secret of that moment, so the prize accounts a data folder already had (they
 * were derived from it before prize accounts had a secret of their own) keep their addresses;
 * later rotations of the signing keys no longer touch it.
 */
function localPrizeAccountSecret(config: Config, mintKeySecret: Uint8Array): Uint8Array {
  const file = path.join(config.dataDir, LOCAL_KEYS_FOLDER, "prize-account-secret");
  return loadOrCreateLocalSecret(file, config.cluster, () => mintKeySecret);
}
