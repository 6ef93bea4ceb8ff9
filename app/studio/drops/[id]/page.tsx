// The creator's live dashboard of one drop. A thin server shell: the figures are read by the
// client island from /api/studio/drops/{id}/dashboard, which checks the caller owns the drop
// (a page render carries nothing of the drop, so another creator learns nothing from it).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { getConfig } from "@/lib/config";
import { UUID } from "@/lib/domain/collection-identifier";
import { DropDashboard } from "./_components/drop-dashboard";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Drop dashboard", robots: { index: false, follow: false } };

export default async function StudioDropDashboardPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  return (
    <Suspense>
      <DropDashboard dropId={id} cluster={getConfig().cluster} />
    </Suspense>
  );
}
