// /studio/new/preview/[uploadId]?wallet=… — the drop page of a checked upload before launch:
// the public page's own components (app/d/[identifier]/live-drop.tsx) on the view the launch
// would give it, read-only (no mint panel; the islands never poll), under a banner that says
// it is not launched. Only the upload's owner sees it; anyone else gets the 404 of no upload.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import Link from "next/link";
import { getConfig } from "@/lib/config";
import { getServiceContext } from "@/lib/server/runtime";
import { LiveDrop } from "@/app/d/[identifier]/live-drop";
import { BountiesBoard } from "@/app/d/[identifier]/_sections/bounties";
import { loadDropPreview } from "./load-preview";
import { PreviewProviders } from "./preview-providers";

export const metadata: Metadata = { title: "Preview · Dropmint studio", robots: { index: false } };
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ uploadId: string }>;
  searchParams: Promise<{ wallet?: string | string[] }>;
};

export default async function DropPreviewPage({ params, searchParams }: Props) {
  const { uploadId } = await params;
  const { wallet } = await searchParams;
  const preview = await loadDropPreview(await getServiceContext(), {
    uploadId,
    wallet: typeof wallet === "string" ? wallet : "",
    cookie: (await headers()).get("cookie"),
  });
  if (!preview) notFound();
  if (!preview.ok)
    return (
      <p role="alert" className="rounded-lg bg-rose-950/40 p-4">
        This folder has {preview.problems} problem{preview.problems === 1 ? "" : "s"} to fix before it can be previewed.{" "}
        <Link href="/studio/new" className="text-mint underline">
          Back to the upload
        </Link>
      </p>
    );
  return (
    <PreviewProviders cluster={getConfig().cluster}>
      <div className="space-y-6">
        <p
          role="status"
          data-testid="preview-banner"
          className="rounded-lg border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
        >
          <strong>Preview — not launched.</strong> This is the drop page collectors will see at /d/{preview.shortId}{" "}
          once you launch it. Nothing here can be minted yet.
          {preview.fair &&
            " It goes out in a provably fair order: the commitment to that order is made and shown here at launch."}
        </p>
        <LiveDrop
          identifier={`preview-${uploadId}`}
          response={preview.collection}
          mint={<NotLaunched />}
          sections={<BountiesBoard data={{ ...preview.bounties, counts: new Map() }} />}
        />
      </div>
    </PreviewProviders>
  );
}

function NotLaunched() {
  return (
    <div data-testid="preview-mint" className="rounded-xl border border-white/10 bg-white/[0.03] p-4 text-slate-300">
      <h2 className="text-lg font-semibold text-white">Mint</h2>
      <p className="mt-1 text-sm">Minting opens here once you launch the drop.</p>
    </div>
  );
}
