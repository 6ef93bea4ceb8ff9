// Which network a client's budgets belong to. An IPv4 address is one client. An IPv6
// address is not: one subscriber routinely holds a whole /64 (2^64 addresses), so a budget
// keyed by the full address would give one caller unlimited buckets. Every per-IP budget,
// bound and share is therefore keyed by this: the IPv4 address itself, or the IPv6 /64.

/** IPv6 budgets cover this many leading bits: the customary size of one subscriber's network. */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * The budget key of a client address (already checked to be an IP, or "unknown"): IPv4 as
 * it is, IPv6 as its /64 in canonical form (`2001:db8:1:2::/64`). Anything else is returned
 * unchanged, so an unparseable value never merges unrelated clients.
 */
export function clientNetwork(ip: string): string {
  if (!ip.includes(":")) return ip;
  // An IPv4 client seen through an IPv6 socket is that IPv4 client.
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped) return v4mapped[1]!;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const prefix = groups.slice(0, IPV6_CLIENT_PREFIX_BITS / 16).map((group) => group.toString(16));
  return `${prefix.join(":")}::/${IPV6_CLIENT_PREFIX_BITS}`;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, `::` expanded, an IPv4 tail as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  const text = address.replace(/%.*$/, "").toLowerCase();
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string | undefined): number[] | null => {
    if (!half) return [];
    const out: number[] = [];
    for (const part of half.split(":")) {
      if (part.includes(".")) {
        const bytes = part.split(".").map(Number);
        if (bytes.length !== 4 || bytes.some((b) => !Number.isInteger(b) || b < 0 || b > 255)) return null;
        out.push((bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(part)) return null;
        out.push(parseInt(part, 16));
      }
    }
    return out;
  };
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
}
