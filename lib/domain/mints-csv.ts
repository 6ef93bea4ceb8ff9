// A drop's mints as CSV for its creator (RFC 4180: comma-separated, CRLF lines, fields with a
// comma, quote or line break quoted). Names come from creators and buyers' wallets never
// start with a formula sign, but an NFT name might: a field that a spreadsheet would run as a
// formula (= + - @, tab, carriage return first) is written with a leading apostrophe.

export const MINTS_CSV_COLUMNS = [
  "minted_at",
  "wallet",
  "phase",
  "kind",
  "token_id",
  "nft_name",
  "mint_address",
  "currency",
  "price_paid_raw",
  "platform_fee_raw",
  "signature",
] as const;

export type MintCsvRow = {
  mintedAt: Date;
  wallet: string;
  phase: string | null;
  kind: string;
  tokenId: number | null;
  nftName: string | null;
  mintAddress: string | null;
  currency: string;
  pricePaidRaw: bigint;
  platformFeeRaw: bigint;
  signature: string | null;
};

/** One CSV field, quoted when it must be and defused when a spreadsheet would run it. */
export function csvField(value: string | number | bigint | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function mintsCsvLine(row: MintCsvRow): string {
  return [
    row.mintedAt.toISOString(),
    row.wallet,
    row.phase,
    row.kind,
    row.tokenId,
    row.nftName,
    row.mintAddress,
    row.currency,
    row.pricePaidRaw,
    row.platformFeeRaw,
    row.signature,
  ]
    .map(csvField)
    .join(",");
}

export function mintsCsvHeader(): string {
  return MINTS_CSV_COLUMNS.join(",");
}
