// /studio/keys — the signed-in creator's partner API keys for its own drops: create (shown
// once), list, revoke. Like `npm run keys`, scoped to the drops chosen here.
import { PartnerKeys } from "../_components/partner-keys";

export default function StudioKeysPage() {
  return <PartnerKeys />;
}
