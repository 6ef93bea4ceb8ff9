// /studio/new — launch a drop from a Sugar project folder in the browser (issue 26, item 1).
// A thin server shell: the page's island (./_upload) is the studio's own code, loaded only
// here, so the public pages' JavaScript does not grow.
import type { Metadata } from "next";
import { getConfig } from "@/lib/config";
import UploadFeature from "./_upload/upload-feature";

export const metadata: Metadata = { title: "Launch a drop · Dropmint studio", robots: { index: false } };
// The cluster comes from the runtime's configuration.
export const dynamic = "force-dynamic";

export default function StudioNewPage() {
  const { cluster } = getConfig();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold">Launch a drop</h1>
        <p className="text-slate-300">
          The folder is checked exactly as <code>npm run drop -- validate</code> checks it; every problem is listed with
          its file and the line&apos;s JSON path. Nothing goes live until you press Launch.
        </p>
      </header>
      <UploadFeature cluster={cluster} />
    </div>
  );
}
