// /studio — the creator studio's frame. Its pages and their client code live under app/studio
// only, so the public pages' bundles never carry them.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Studio", robots: { index: false } };
export const dynamic = "force-dynamic";

export default function StudioLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <nav className="flex items-center gap-4 text-sm" aria-label="Studio">
        <Link href="/studio" className="font-semibold">
          Creator studio
        </Link>
        <Link href="/studio/new" className="text-slate-300 hover:text-white">
          New drop
        </Link>
      </nav>
      {children}
    </div>
  );
}
