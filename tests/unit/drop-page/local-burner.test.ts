// The local chain's burner keeps one throwaway key per browser (issue 24, item 1): a new page
// (a new adapter) connects the same wallet, "Start a new burner" replaces it for good, and no
// other cluster gets a burner at all. The browser's localStorage is an in-memory Storage here.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Keypair, Transaction, SystemProgram } from "@solana/web3.js";
import { BURNER_STORAGE_KEY, LocalBurnerWalletAdapter } from "@/app/d/[identifier]/_mint/local-burner";

class MemoryStorage {
  private values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, String(value));
  removeItem = (key: string) => void this.values.delete(key);
}

describe("the local chain's burner", () => {
  beforeEach(() => {
    vi.stubGlobal("window", { localStorage: new MemoryStorage(), location: { host: "127.0.0.1:3000" } });
    // The library's burner warns on every construction that it is for testing only.
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function connectNew() {
    const adapter = new LocalBurnerWalletAdapter("localnet");
    await adapter.connect();
    return adapter;
  }

  it("connects the same key on every page of this browser, and after a disconnect", async () => {
    const first = await connectNew();
    const address = first.publicKey!.toBase58();
    expect(window.localStorage.getItem(BURNER_STORAGE_KEY)).not.toBeNull();
    expect((await connectNew()).publicKey!.toBase58()).toBe(address);
    await first.disconnect();
    expect(first.publicKey).toBeNull();
    await first.connect();
    expect(first.publicKey!.toBase58()).toBe(address);
  });

  it("signs with that key", async () => {
    const adapter = await connectNew();
    const payer = adapter.publicKey!;
    const transaction = new Transaction({ feePayer: payer, recentBlockhash: Keypair.generate().publicKey.toBase58() });
    transaction.add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: Keypair.generate().publicKey, lamports: 1 }));
    const signed = await adapter.signTransaction(transaction);
    expect(signed.verifySignatures()).toBe(true);
  });

  it("Start a new burner replaces the key, and the new one is what later pages connect", async () => {
    const adapter = await connectNew();
    const old = adapter.publicKey!.toBase58();
    const announced: string[] = [];
    adapter.on("connect", (key) => announced.push(key.toBase58()));
    adapter.renew();
    const renewed = adapter.publicKey!.toBase58();
    expect(renewed).not.toBe(old);
    expect(announced).toEqual([renewed]);
    expect((await connectNew()).publicKey!.toBase58()).toBe(renewed);
  });

  it("exists on the local chain only", () => {
    expect(() => new LocalBurnerWalletAdapter("devnet")).toThrow(/local chain only/);
    expect(() => new LocalBurnerWalletAdapter("mainnet")).toThrow(/local chain only/);
  });
});
