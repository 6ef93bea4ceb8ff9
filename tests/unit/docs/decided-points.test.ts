// /docs states the points the v1 interface leaves open and the project decided (issue 22,
// item 14): short-ID case, key issuance, no webhooks, deprecation, and HTTP caching with
// its figures taken from the cache policy's constants.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const section = (name: string) =>
  readFileSync(path.join(process.cwd(), `app/docs/_sections/${name}.tsx`), "utf8").replace(/\s+/g, " ");
const overview = section("overview");

describe("/docs states the decided points", () => {
  it.each([
    ["short IDs are case-sensitive", /Short IDs are case-sensitive/],
    ["keys are issued by the operator", /Key issuance:.*npm run keys/],
    ["there are no webhooks in v1", /No webhooks in v1/],
    ["the deprecation policy", /Deprecation:/],
    [
      "HTTP caching, from the cache policy's figures",
      /\{PUBLIC_READ_S_MAXAGE\}.*\{PUBLIC_READ_STALE_WHILE_REVALIDATE\}/,
    ],
  ])("%s", (_, stated) => {
    expect(overview).toMatch(stated);
  });
});

describe("/docs says what the code does (issue 22, item 14)", () => {
  it("wallet-mints accepts any collection reference, not only the UUID", () => {
    expect(section("eligibility")).toMatch(/<code>collectionId<\/code> is any collection reference/);
  });
  it("a prize mint carries the winning mint's phase", () => {
    expect(section("bounties")).toMatch(/bounty_bonus<\/code> mint in the phase of the mint that won it/);
  });
  it("NFT-redemption codes make NFTs free at prepare", () => {
    expect(section("claim-codes")).toMatch(/NFT-redemption code entered at prepare makes the NFTs it grants free/);
  });
});

describe("/docs states how an unavailable token price reads (issue 24, item 9)", () => {
  it("0 as v1 says, never shown as $0, with `reasons` saying why", () => {
    const prices = section("prices");
    expect(prices).toMatch(
      /Decided: an unavailable price stays <code>0<\/code> \(the v1 shape, not <code>null<\/code>\)/,
    );
    expect(prices).toMatch(/<code>reasons<\/code>, an addition to that shape/);
    expect(prices).toMatch(/never as &quot;\$0&quot;/);
  });
});
