import { readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import bs58 from "bs58";
import { Keypair } from "@solana/web3.js";
import {
  FaucetUnavailableError,
  KeypairFormatError,
  assertFaucetAvailable,
  keypairFromSecret,
  loadOrCreateLocalKeypair,
} from "@/lib/chain";
import { chainDir } from "./helpers";

describe("faucet guard (shared by every Chain implementation)", () => {
  it("allows airdrops on localnet only", () => {
    expect(() => assertFaucetAvailable("localnet")).not.toThrow();
    expect(() => assertFaucetAvailable("devnet")).toThrow(FaucetUnavailableError);
    expect(() => assertFaucetAvailable("mainnet")).toThrow(FaucetUnavailableError);
  });
});

describe("keypairs", () => {
  const keypair = Keypair.generate();
  const base58 = bs58.encode(keypair.secretKey);
  const json = JSON.stringify(Array.from(keypair.secretKey));

  it("loads a base58 secret key or a JSON byte array", () => {
    expect(keypairFromSecret(base58).publicKey.equals(keypair.publicKey)).toBe(true);
    expect(keypairFromSecret(` ${json}\n`).publicKey.equals(keypair.publicKey)).toBe(true);
  });

  it("explains a bad value without echoing it", () => {
    const other = Keypair.generate().secretKey;
    const mismatched = Uint8Array.from([...keypair.secretKey.subarray(0, 32), ...other.subarray(32)]);
    const cases = [
      base58.slice(0, 40),
      `${base58.slice(0, 20)}0OIl${base58.slice(24)}`,
      json.slice(0, -1),
      JSON.stringify([...keypair.secretKey.subarray(0, 63), 256]),
      JSON.stringify(Array.from(keypair.secretKey.subarray(0, 32))),
      bs58.encode(mismatched),
    ];
    for (const value of cases) {
      let error: unknown;
      try {
        keypairFromSecret(value, "MINT_AUTHORITY_SECRET_KEY");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(KeypairFormatError);
      const message = (error as Error).message;
      expect(message).toMatch(/^MINT_AUTHORITY_SECRET_KEY /);
      expect(message).not.toContain(base58.slice(0, 12));
      expect(message).not.toContain(value.slice(1, 13));
    }
  });

  it("generates the local keypair once, with file mode 0600, localnet only", () => {
    const file = path.join(chainDir(), "keys", "mint-authority.json");
    const created = loadOrCreateLocalKeypair(file, "localnet");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toHaveLength(64);
    expect(loadOrCreateLocalKeypair(file, "localnet").publicKey.equals(created.publicKey)).toBe(true);
    expect(() => loadOrCreateLocalKeypair(path.join(chainDir(), "k.json"), "mainnet")).toThrow(/localnet only/);

    writeFileSync(file, "not a key");
    expect(() => loadOrCreateLocalKeypair(file, "localnet")).toThrow(KeypairFormatError);
  });
});
