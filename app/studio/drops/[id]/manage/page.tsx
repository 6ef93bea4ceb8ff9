// /studio/drops/[id]/manage — manage one drop: its page and socials, phase terms and allowlists,
// claim codes, bounties, reveal settings, and the audit log. The drop's own studio page,
// /studio/drops/[id], is its live dashboard.
import { ManageDrop } from "../../../_components/manage-drop";

export default async function ManageDropPage({ params }: { params: Promise<{ id: string }> }) {
  return <ManageDrop dropRef={(await params).id} />;
}
