// Wallet strings that no Solana address can be, whatever the real address they are built
// from. "A real address with a stray character" must stay malformed for every address: a
// 43-character address with one more base58 character is often another valid 32-byte key
// (about one address in 75), which made such a test answer 200 now and then.
const BASE58_MAX_LENGTH = 44;

export function malformedWallets(realAddress: string): string[] {
  return [
    "not-a-wallet",
    "0".repeat(BASE58_MAX_LENGTH), // outside the base58 alphabet
    "z".repeat(BASE58_MAX_LENGTH), // base58, but 33 bytes: no 32-byte key is that large
    realAddress + "z".repeat(BASE58_MAX_LENGTH + 1 - realAddress.length), // a real address, one character too long
    realAddress.slice(0, -1) + "0", // a real address with a character outside the alphabet
    "🦄",
  ];
}
