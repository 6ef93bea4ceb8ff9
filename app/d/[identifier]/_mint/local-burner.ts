// The local chain's burner wallet: a throwaway key kept in this browser (localStorage), so
// what a collector mints on one drop page is still theirs on the next page and the next
// visit (a holders' phase can see it). Local chain only: the wallet host offers it on no
// other cluster, and the constructor refuses to. "Start a new burner" replaces the key.
//
// The library's burner signs (transactions, messages, Sign In With Solana); only where its
// key comes from changes: it makes a new one on every connect.
import { UnsafeBurnerWalletAdapter } from "@solana/wallet-adapter-unsafe-burner";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import type { Cluster } from "@/lib/config";

/** Where this browser keeps the local chain's burner key (its secret key, base58). */
export const BURNER_STORAGE_KEY = "dropmint:localnet-burner";

export class LocalBurnerWalletAdapter extends UnsafeBurnerWalletAdapter {
  constructor(cluster: Cluster) {
    super();
    if (cluster !== "localnet") throw new Error("The burner wallet exists on the local chain only.");
  }

  override async connect(): Promise<void> {
    this.use(storedKeypair() ?? storeNew());
  }

  /** Forgets the stored key and connects a new one (its mints stay with the old key). */
  renew(): void {
    this.use(storeNew());
  }

  private use(keypair: Keypair) {
    // The parent keeps its key in a private field, read by its signing methods.
    (this as unknown as { _keypair: Keypair | null })._keypair = keypair;
    this.emit("connect", keypair.publicKey);
  }
}

function storedKeypair(): Keypair | null {
  try {
    const stored = window.localStorage.getItem(BURNER_STORAGE_KEY);
    return stored ? Keypair.fromSecretKey(bs58.decode(stored)) : null;
  } catch {
    return null; // storage blocked or a damaged entry: a new key
  }
}

function storeNew(): Keypair {
  const keypair = Keypair.generate();
  try {
    window.localStorage.setItem(BURNER_STORAGE_KEY, bs58.encode(keypair.secretKey));
  } catch {
    // Storage blocked: the key lasts as long as the page.
  }
  return keypair;
}
