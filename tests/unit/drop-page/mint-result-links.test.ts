// The mint result leads somewhere (issue 25): to the NFT on the collector's own page, and to
// each landed transaction on the configured cluster's explorer; on the local chain, which no
// explorer can show, it says so instead. As the server renders it.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MintResult } from "@/app/d/[identifier]/_mint/mint-result";
import type { MintOutcome } from "@/app/d/[identifier]/_mint/use-mint-flow";
import { DropmintQueryProvider } from "@/lib/client/query";
import { createSiteClient } from "@/lib/client/site-client";
import type { PreparedMintResponse } from "@/lib/client/types";
import type { Cluster } from "@/lib/config";

const WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const MINT = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const outcome: MintOutcome = {
  nfts: [
    {
      nftId: "n1",
      tokenId: 1,
      name: "Sprite #1",
      mintAddress: MINT,
      imageUrl: null,
      animationUrl: null,
      mediaType: "image",
      previewImageUrl: null,
      isRevealed: true,
      revealAfter: null,
      editionNumber: null,
      maxEditionSupply: null,
      rarity_score: null,
      rarity_rank: null,
      rarity_tier: null,
      bounty: null,
    },
  ],
  minted: 1,
  failures: [],
  pending: 0,
  reveal: null,
  landed: [],
  signatures: ["5igSig"],
  wallet: WALLET,
};
const prepared = { pricing: { items: [] } } as unknown as PreparedMintResponse;

/** The result below the drop page's provider (called as this component's own body, hooks and all). */
function ResultOn({ cluster }: { cluster: Cluster }) {
  const result = createElement(MintResult, { outcome, prepared });
  return DropmintQueryProvider({ cluster, createClient: createSiteClient, children: result });
}

const render = (cluster: Cluster) => renderToStaticMarkup(createElement(ResultOn, { cluster }));

describe("the mint result's links", () => {
  it("links the collector's page at the NFT, and the transaction on devnet's explorer", () => {
    const html = render("devnet");
    expect(html).toContain(`href="/w/${WALLET}#nft-${MINT}"`);
    expect(html).toContain('href="https://explorer.solana.com/tx/5igSig?cluster=devnet"');
    expect(html).not.toContain("no public explorer");
  });

  it("links no explorer on the local chain, and says why", () => {
    const html = render("localnet");
    expect(html).toContain(`href="/w/${WALLET}#nft-${MINT}"`);
    expect(html).not.toContain("explorer.solana.com");
    expect(html).toContain("Local chain: no public explorer shows this transaction.");
  });
});
