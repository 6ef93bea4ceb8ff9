import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

describe("parseConfig", () => {
  it("runs on the embedded defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      cluster: "localnet",
      chainName: "solana-localnet",
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: "http://localhost:3000",
      rateLimit: { readsPerMinute: 600, mintsPerMinute: 120 },
      seedDemoDrops: true,
    });
    expect(config.siteOrigins).toContain("http://localhost:3000");
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it("serves test controls only when asked for, and never off localnet", () => {
    expect(parseConfig({}).testControls).toBe(false);
    expect(parseConfig({ DROPMINT_TEST_CONTROLS: "1" }).testControls).toBe(true);
    expect(
      parseConfig({
        DROPMINT_TEST_CONTROLS: "1",
        SOLANA_CLUSTER: "devnet",
        SOLANA_RPC_URL: "https://rpc.example",
        MINT_AUTHORITY_SECRET_KEY: "1".repeat(64),
        PRIZE_ACCOUNT_SECRET: "11".repeat(32),
      }).testControls,
    ).toBe(false);
  });

  it("chain-read budget and holders interval: documented defaults, configurable, 0 turns holder reuse off", () => {
    expect(parseConfig({}).rateLimit.chainReadsPerMinute).toBe(60);
    expect(parseConfig({}).holdersCacheSeconds).toBe(30);
    expect(parseConfig({ RATE_LIMIT_CHAIN_READS_PER_MINUTE: "5", HOLDERS_CACHE_SECONDS: "0" })).toMatchObject({
      rateLimit: { chainReadsPerMinute: 5 },
      holdersCacheSeconds: 0,
    });
    expect(() => parseConfig({ RATE_LIMIT_CHAIN_READS_PER_MINUTE: "0" })).toThrow(/RATE_LIMIT_CHAIN_READS_PER_MINUTE/);
    expect(() => parseConfig({ HOLDERS_CACHE_SECONDS: "-1" })).toThrow(/HOLDERS_CACHE_SECONDS/);
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: " " }).databaseUrl).toBeUndefined();
  });

  it("names every bad variable in one clear message", () => {
    const attempt = () =>
      parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SOLANA_CLUSTER: "testnet", SEED_DEMO_DROPS: "maybe" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(attempt).toThrow(/SOLANA_CLUSTER/);
    expect(attempt).toThrow(/SEED_DEMO_DROPS/);
  });

  it("requires an RPC endpoint and a mint authority off localnet", () => {
    expect(() => parseConfig({ SOLANA_CLUSTER: "mainnet" })).toThrow(
      /SOLANA_RPC_URL: is required when SOLANA_CLUSTER is mainnet/,
    );
    expect(() => parseConfig({ SOLANA_CLUSTER: "devnet", SOLANA_RPC_URL: "https://rpc.example" })).toThrow(
      /MINT_AUTHORITY_SECRET_KEY/,
    );
    // Prize accounts have their own secret, never rotated with the signing keys (issue 22).
    expect(() => parseConfig({ SOLANA_CLUSTER: "devnet", SOLANA_RPC_URL: "https://rpc.example" })).toThrow(
      /PRIZE_ACCOUNT_SECRET: is required when SOLANA_CLUSTER is devnet/,
    );
    expect(() => parseConfig({ PRIZE_ACCOUNT_SECRET: "short" })).toThrow(/PRIZE_ACCOUNT_SECRET/);
    expect(parseConfig({ PRIZE_ACCOUNT_SECRET: "ab".repeat(32) }).prizeAccountSecret).toEqual(
      new Uint8Array(32).fill(0xab),
    );
  });

  it("derives the site origins from PUBLIC_URL unless SITE_ORIGINS is set", () => {
    expect(parseConfig({ PUBLIC_URL: "https://drops.example/" }).siteOrigins[0]).toBe("https://drops.example");
    expect(parseConfig({ SITE_ORIGINS: "https://a.example, https://b.example/" }).siteOrigins).toEqual([
      "https://a.example",
      "https://b.example",
    ]);
  });

  it("opens the studio to every signed-in wallet on localnet only, unless told otherwise", () => {
    const wallet = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";
    const offLocalnet = {
      SOLANA_CLUSTER: "devnet",
      SOLANA_RPC_URL: "https://rpc.example",
      MINT_AUTHORITY_SECRET_KEY: "1".repeat(64),
      PRIZE_ACCOUNT_SECRET: "11".repeat(32),
    };
    expect(parseConfig({}).studio).toEqual({ creators: "open", creatorWallets: [], adminWallets: [] });
    expect(parseConfig(offLocalnet).studio.creators).toBe("allowlist");
    expect(parseConfig({ STUDIO_CREATORS: "allowlist" }).studio.creators).toBe("allowlist");
    expect(parseConfig({ ...offLocalnet, STUDIO_CREATORS: "open" }).studio.creators).toBe("open");
    expect(parseConfig({ CREATOR_WALLETS: ` ${wallet}, ${wallet},` }).studio.creatorWallets).toEqual([wallet]);
    expect(() => parseConfig({ ADMIN_WALLETS: "not-a-wallet" })).toThrow(/ADMIN_WALLETS/);
    expect(() => parseConfig({ STUDIO_CREATORS: "everyone" })).toThrow(/STUDIO_CREATORS/);
  });
});
