// Explorer links follow the configured cluster; the local chain has none.
import { describe, expect, it } from "vitest";
import { explorerAddressUrl, explorerTxUrl } from "@/lib/domain/explorer";

describe("explorer links", () => {
  it("name the cluster on devnet, nothing on mainnet, and are absent on the local chain", () => {
    expect(explorerTxUrl("devnet", "sig")).toBe("https://explorer.solana.com/tx/sig?cluster=devnet");
    expect(explorerTxUrl("mainnet", "sig")).toBe("https://explorer.solana.com/tx/sig");
    expect(explorerAddressUrl("mainnet", "Mint1")).toBe("https://explorer.solana.com/address/Mint1");
    expect(explorerTxUrl("localnet", "sig")).toBeNull();
    expect(explorerAddressUrl("localnet", "Mint1")).toBeNull();
  });
});
