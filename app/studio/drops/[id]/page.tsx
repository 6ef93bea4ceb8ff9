// The creator's live dashboard of one drop. A thin server shell: the figures are read by the
// client island from /api/studio/drops/{id}/dashboard, which checks the caller owns the drop
// (a page render carries nothing of the drop, so another creator learns nothing from it).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getConfig } from "@/lib/config";
import { UUID } from "@/lib/domain/collection-identifier";
import { DropDashboard } from "./_components/drop-dashboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Drop dashboard", robots: { index: false, follow: false } };

// `?wallet=` is read here, not by useSearchParams in the island: the public pages never use
// that hook, and a studio-only use of next/navigation's hooks re-split the root chunks every page loads.
export default async function StudioDropDashboardPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ wallet?: string | string[] }>;
}) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const { wallet } = await searchParams;
  return (
    <DropDashboard dropId={id} cluster={getConfig().cluster} wanted={typeof wallet === "string" ? wallet : null} />
  );
}
