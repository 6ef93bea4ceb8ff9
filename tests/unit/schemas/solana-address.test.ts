// The wallet path parameter's rule (lib/schemas/common.ts), over many real addresses: a
// 32-byte key in canonical base58, nothing else. And the malformed inputs the API tests send
// (tests/helpers/malformed-wallets.ts) are malformed for every address they are built from.
import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { solanaAddressSchema } from "@/lib/schemas/common";
import { malformedWallets } from "../../helpers/malformed-wallets";

const addresses = Array.from({ length: 3_000 }, () => Keypair.generate().publicKey.toBase58());

describe("solanaAddressSchema", () => {
  it("accepts every real address, 43 characters long or 44", () => {
    expect(new Set(addresses.map((a) => a.length >= 43))).toEqual(new Set([true]));
    for (const address of addresses) expect(solanaAddressSchema.safeParse(address).success, address).toBe(true);
  });

  it("accepts a short address with a base58 character appended when that is another real key", () => {
    // Why "address + 'x'" is not a malformed wallet: about one address in 75 becomes another valid key.
    const grown = addresses.filter((a) => a.length === 43).map((a) => `${a}x`);
    expect(grown.some((a) => solanaAddressSchema.safeParse(a).success)).toBe(true);
  });

  it("refuses every malformed variant of every real address", () => {
    for (const address of addresses) {
      for (const wallet of malformedWallets(address)) {
        expect(solanaAddressSchema.safeParse(wallet).success, wallet).toBe(false);
      }
    }
  });
});
