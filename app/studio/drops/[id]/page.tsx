// /studio/drops/[id] — manage one drop: its page and socials, phases' allowlists, claim codes, and the audit log.
import { ManageDrop } from "../../_components/manage-drop";

export default async function ManageDropPage({ params }: { params: Promise<{ id: string }> }) {
  return <ManageDrop dropRef={(await params).id} />;
}
