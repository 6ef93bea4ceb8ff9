#!/usr/bin/env node
// Checks a Dropmint drop's provably fair order, with nothing but Node's own crypto.
//
//   node verify.mjs https://dropmint.example sprites
//       reads the drop's fairness record from the site (commitment, seed once revealed,
//       token range), recomputes the order from the seed and checks the commitment, then
//       reads the drop's mints oldest first and checks them against the order;
//   node verify.mjs --seed <hex> --from 1 --to 100 --commitment <hex> [--minted 7,3,9,...]
//       the same from values you copied yourself (the token ids in the order they were minted).
//
// What the mints can prove: every minted token is in the committed order and none was minted
// twice (else the check fails). Mint k should get position k; a mint that got a later one
// means an earlier NFT was held by a session then (one in progress, or one that expired and
// put it back for a later mint). The public record does not show holds, so such mints are
// counted and reported with how far ahead they went, not failed.
//
// The rule (dropmint-fair-order-v1): the token ids from..to ascending are shuffled by
// Fisher–Yates from the last position down; position i swaps with j = r mod (i + 1), where r
// is the next 32-bit big-endian integer of the stream HMAC-SHA256(seed bytes,
// "dropmint-fair-order:" + k), k = 0, 1, …, skipping any r at or above the largest multiple
// of i + 1 under 2^32. The commitment is SHA-256 hex of "<seed>:<ids in order, comma-separated>".
// The NFT at position 0 goes to the first mint, and so on.
import { createHash, createHmac } from "node:crypto";

function fairOrder(seedHex, from, to) {
  const order = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const key = Buffer.from(seedHex, "hex");
  let block = Buffer.alloc(0);
  let offset = 0;
  let counter = 0;
  const next = () => {
    if (offset + 4 > block.length) {
      block = createHmac("sha256", key).update(`dropmint-fair-order:${counter++}`).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  for (let i = order.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let r = next();
    while (r >= limit) r = next();
    const j = r % n;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

const commitmentOf = (seedHex, order) =>
  createHash("sha256")
    .update(`${seedHex}:${order.join(",")}`)
    .digest("hex");

/** The minted token ids against the order: { problems (fail), inPlace, ahead, furthestAhead }. */
function checkMints(order, minted) {
  const position = new Map(order.map((tokenId, i) => [tokenId, i]));
  const problems = [];
  const seen = new Set();
  let inPlace = 0;
  let ahead = 0;
  let furthestAhead = 0;
  minted.forEach((tokenId, k) => {
    if (!position.has(tokenId))
      problems.push(`mint #${k + 1} is token ${tokenId}, which is not in the committed order`);
    else if (seen.has(tokenId)) problems.push(`token ${tokenId} was minted twice`);
    else if (position.get(tokenId) <= k) inPlace += position.get(tokenId) === k ? 1 : 0;
    else {
      ahead += 1;
      furthestAhead = Math.max(furthestAhead, position.get(tokenId) - k);
    }
    seen.add(tokenId);
  });
  return { problems, inPlace, ahead, furthestAhead };
}

async function mintedFromSite(site, drop) {
  const minted = [];
  for (let offset = 0; ; offset += 100) {
    const url = new URL(`/api/v1/collections/${encodeURIComponent(drop)}/all-minted`, site);
    url.search = new URLSearchParams({ sort: "oldest", limit: "100", offset: String(offset) }).toString();
    const response = await fetch(url, { headers: { "Sec-Fetch-Site": "same-origin" } });
    if (!response.ok) throw new Error(`the site answered ${response.status} for ${drop}'s mints`);
    const body = await response.json();
    minted.push(...body.nfts.map((nft) => nft.tokenId));
    if (!body.hasMore) return minted;
  }
}

async function fromSite(site, drop) {
  const response = await fetch(new URL(`/api/public/collection/${encodeURIComponent(drop)}`, site));
  if (!response.ok) throw new Error(`the site answered ${response.status} for ${drop}`);
  const body = await response.json();
  const fairness = body.collection?.fairness;
  if (!fairness) throw new Error(`${drop} is not a provably fair drop`);
  if (!fairness.seed)
    throw new Error(
      `${drop}'s seed is revealed after it sells out or reveals; its commitment is ${fairness.commitment}`,
    );
  return {
    seed: fairness.seed,
    from: fairness.tokenIds.from,
    to: fairness.tokenIds.to,
    commitment: fairness.commitment,
    minted: await mintedFromSite(site, drop),
  };
}

function fromFlags(args) {
  const value = (name) => {
    const i = args.indexOf(`--${name}`);
    if (i === -1 || i + 1 >= args.length) throw new Error(`missing --${name}`);
    return args[i + 1];
  };
  const minted = args.includes("--minted") ? value("minted").split(",").filter(Boolean).map(Number) : null;
  return {
    seed: value("seed"),
    from: Number(value("from")),
    to: Number(value("to")),
    commitment: value("commitment"),
    minted,
  };
}

const args = process.argv.slice(2);
try {
  const input = args[0]?.startsWith("--") ? fromFlags(args) : await fromSite(args[0], args[1]);
  const order = fairOrder(input.seed, input.from, input.to);
  const matches = commitmentOf(input.seed, order) === input.commitment;
  console.log(`order (first NFT minted first): ${order.join(", ")}`);
  console.log(
    matches
      ? "✓ the seed and this order match the published commitment"
      : "✗ the seed and this order do NOT match the published commitment",
  );
  let mintsHold = true;
  if (input.minted) {
    const { problems, inPlace, ahead, furthestAhead } = checkMints(order, input.minted);
    for (const problem of problems) console.log(`✗ ${problem}`);
    mintsHold = problems.length === 0;
    console.log(
      `${mintsHold ? "✓" : "✗"} ${input.minted.length} mints checked against the order: ${inPlace} took exactly their place` +
        (ahead > 0
          ? `; ${ahead} went ahead of it (at most ${furthestAhead} places), which only NFTs held by other sessions at the time explain`
          : ""),
    );
  }
  process.exitCode = matches && mintsHold ? 0 : 1;
} catch (error) {
  console.error(
    `${error.message}\nusage: node verify.mjs <site url> <drop short id>\n       node verify.mjs --seed <hex> --from <first token id> --to <last token id> --commitment <hex>`,
  );
  process.exitCode = 2;
}
