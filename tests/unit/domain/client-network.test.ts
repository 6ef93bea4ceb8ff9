import { describe, expect, it } from "vitest";
import { clientNetwork } from "@/lib/domain/client-network";

describe("clientNetwork", () => {
  it("keeps an IPv4 address and the unknown client as they are", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("unknown")).toBe("unknown");
  });

  it("keys IPv6 by its /64, however the address is spelled", () => {
    const network = "2001:db8:aa:1::/64";
    for (const address of [
      "2001:db8:aa:1::1",
      "2001:0DB8:00AA:0001:ffff:ffff:ffff:ffff",
      "2001:db8:aa:1:0:0:0:0",
      "2001:db8:aa:1::192.0.2.1",
      "2001:db8:aa:1::1%eth0",
    ])
      expect(clientNetwork(address), address).toBe(network);
    expect(clientNetwork("2001:db8:aa:2::1")).toBe("2001:db8:aa:2::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("returns what it cannot parse unchanged, so unrelated clients never merge", () => {
    expect(clientNetwork("1:2:3")).toBe("1:2:3");
    expect(clientNetwork("1::2::3")).toBe("1::2::3");
  });
});
