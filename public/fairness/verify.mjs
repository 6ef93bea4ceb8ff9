#!/usr/bin/env node
// Checks a Dropmint drop's provably fair order, with nothing but Node's own crypto.
//
//   node verify.mjs https://dropmint.example sprites
//       reads the drop's fairness record from the site (commitment, seed once revealed,
//       token range), recomputes the order from the seed and checks the commitment;
//   node verify.mjs --seed <hex> --from 1 --to 100 --commitment <hex>
//       the same from values you copied yourself.
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
  };
}

function fromFlags(args) {
  const value = (name) => {
    const i = args.indexOf(`--${name}`);
    if (i === -1 || i + 1 >= args.length) throw new Error(`missing --${name}`);
    return args[i + 1];
  };
  return { seed: value("seed"), from: Number(value("from")), to: Number(value("to")), commitment: value("commitment") };
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
  process.exitCode = matches ? 0 : 1;
} catch (error) {
  console.error(
    `${error.message}\nusage: node verify.mjs <site url> <drop short id>\n       node verify.mjs --seed <hex> --from <first token id> --to <last token id> --commitment <hex>`,
  );
  process.exitCode = 2;
}
