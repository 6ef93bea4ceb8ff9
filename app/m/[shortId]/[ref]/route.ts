// GET /m/{shortId}/{ref} — an NFT's off-chain metadata JSON (the uri written on chain).
import { getServiceContext } from "@/lib/server/runtime";
import { getNftMetadata } from "@/lib/services/nft-metadata";

export async function GET(_request: Request, context: { params: Promise<{ shortId: string; ref: string }> }) {
  const { shortId, ref } = await context.params;
  const metadata = await getNftMetadata(await getServiceContext(), shortId, ref);
  if (!metadata) return Response.json({ error: "No such NFT." }, { status: 404 });
  // Short cache: a delayed reveal must show through within a minute.
  return Response.json(metadata, { headers: { "Cache-Control": "public, max-age=60" } });
}
