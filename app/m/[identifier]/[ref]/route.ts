// GET /m/{identifier}/{ref} — an NFT's off-chain metadata JSON (the uri written on chain).
import { getServiceContext } from "@/lib/server/runtime";
import { getNftMetadata } from "@/lib/services/nft-metadata";

export async function GET(_request: Request, context: { params: Promise<{ identifier: string; ref: string }> }) {
  const { identifier, ref } = await context.params;
  const metadata = await getNftMetadata(await getServiceContext(), identifier, ref);
  if (!metadata) return Response.json({ error: "No such NFT." }, { status: 404 });
  // Short cache: a delayed reveal must show through within a minute.
  return Response.json(metadata, { headers: { "Cache-Control": "public, max-age=60" } });
}
