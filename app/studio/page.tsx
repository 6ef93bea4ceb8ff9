// /studio — the signed-in creator's drops (an admin's: every drop), or a sign-in prompt.
import { getConfig } from "@/lib/config";
import { StudioHome } from "./_components/studio-home";

export default function StudioPage() {
  return <StudioHome cluster={getConfig().cluster} />;
}
