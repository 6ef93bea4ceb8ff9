// Token accounts of SPL Token and Token-2022, read from raw account data, and the
// in-memory index the embedded chain needs to answer holder queries (litesvm's
// getProgramAccounts exists but decodes every account of the program: ~0.5 s per 10k).
import bs58 from "bs58";
import type { ReadonlyUint8Array } from "@solana/kit";

export const TOKEN_PROGRAM_ID = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM_ID = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const TOKEN_PROGRAM_IDS: readonly string[] = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];

// Layout shared by both programs: mint(32) owner(32) amount(u64) ... state(u8 @108), 165 bytes.
const ACCOUNT_SIZE = 165;
const MULTISIG_SIZE = 355;
const STATE_OFFSET = 108;
// Token-2022 accounts with extensions carry an account-type byte right after the base.
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_ACCOUNT = 2;

export type ParsedTokenAccount = { mint: string; owner: string; amount: bigint };

const TOKEN_PROGRAM_KEYS = TOKEN_PROGRAM_IDS.map((id) => ({ id, key: Buffer.from(bs58.decode(id)) }));

/** Which token program a key is (an account's owner, an instruction's program), as text; null for any other key. */
export function tokenProgramOfOwner(owner: Uint8Array): string | null {
  return TOKEN_PROGRAM_KEYS.find(({ key }) => key.equals(owner))?.id ?? null;
}

/** Parses an initialized token account; null for mints, multisigs and anything else. */
export function parseTokenAccount(programOwner: string, data: ReadonlyUint8Array): ParsedTokenAccount | null {
  if (!TOKEN_PROGRAM_IDS.includes(programOwner)) return null;
  const isAccount =
    data.length === ACCOUNT_SIZE ||
    (programOwner === TOKEN_2022_PROGRAM_ID &&
      data.length > ACCOUNT_SIZE &&
      data.length !== MULTISIG_SIZE &&
      data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT);
  if (!isAccount || data[STATE_OFFSET] === 0) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    mint: bs58.encode(data.subarray(0, 32)),
    owner: bs58.encode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
  };
}

/**
 * Where every known token account is, by owner and by mint. Holds no amounts: those are
 * read fresh from the chain at query time.
 */
export class TokenAccountIndex {
  private readonly byAccount = new Map<string, { mint: string; owner: string }>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly byMint = new Map<string, Set<string>>();

  get size(): number {
    return this.byAccount.size;
  }

  /** Records the current state of an account: a token account (parsed) or not one (null). */
  update(account: string, parsed: ParsedTokenAccount | null): void {
    const known = this.byAccount.get(account);
    if (known && parsed && known.mint === parsed.mint && known.owner === parsed.owner) return;
    if (known) {
      removeFrom(this.byOwner, known.owner, account);
      removeFrom(this.byMint, known.mint, account);
      this.byAccount.delete(account);
    }
    if (parsed) {
      this.byAccount.set(account, { mint: parsed.mint, owner: parsed.owner });
      addTo(this.byOwner, parsed.owner, account);
      addTo(this.byMint, parsed.mint, account);
    }
  }

  accountsOfOwner(owner: string): string[] {
    return [...(this.byOwner.get(owner) ?? [])];
  }

  accountsOfMint(mint: string): string[] {
    return [...(this.byMint.get(mint) ?? [])];
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
