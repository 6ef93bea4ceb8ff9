// Whether a reservation still holds its NFT. One rule for every list and page: a hold runs
// while `reservedUntil` is later than now and has ended at that instant exactly, so at no
// moment is an NFT neither held nor free. (Lists that disagreed at the boundary, "free
// before it" against "held after it", hid the NFT at that very millisecond and kept the
// page that said so.) A reserved row without an end is held until it is released.

export function isHoldRunning(nft: { status: string; reservedUntil: Date | null }, now: Date): boolean {
  return nft.status === "reserved" && (nft.reservedUntil === null || nft.reservedUntil > now);
}
