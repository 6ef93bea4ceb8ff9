// Docs: the creator studio, and how an operator lets creators and admins in.
import { Err } from "../_reference/error-code";

export function StudioSection() {
  return (
    <section id="studio" aria-labelledby="studio-heading" className="space-y-3">
      <h2 id="studio-heading" className="text-2xl font-semibold">
        Creator studio: who may create
      </h2>
      <p>
        A creator is a wallet. The studio (<code>/studio</code>, its API under <code>/api/studio/…</code>) acts for the
        wallet the browser signed in with (Sign In With Solana) and names in the <code>X-Studio-Wallet</code> header,
        and shows only the drops whose creator is that wallet: the first creator of the Sugar folder&apos;s{" "}
        <code>config.json</code>. The operator decides who may create:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>STUDIO_CREATORS=allowlist</code> (the default off localnet): only the wallets in{" "}
          <code>CREATOR_WALLETS</code> (comma-separated) and <code>ADMIN_WALLETS</code>.
        </li>
        <li>
          <code>STUDIO_CREATORS=open</code> (the default on localnet, where nothing of value moves and the burner
          wallet&apos;s key is new in every browser): any signed-in wallet.
        </li>
        <li>
          <code>ADMIN_WALLETS</code> (comma-separated) see and act on every drop, whatever its creator.
        </li>
      </ul>
      <p>
        A request without a live session for the wallet it names is answered <Err code="WALLET_PROOF_REQUIRED" />; a
        wallet the operator has not let in, <Err code="STUDIO_NOT_ALLOWED" />. Another creator&apos;s drop answers
        exactly like a missing one, <Err code="COLLECTION_NOT_FOUND" />. The studio is the site&apos;s own: a partner
        key is refused with <Err code="PARTNER_KEY_NOT_ALLOWED" />, and any request that does not come from the
        site&apos;s own pages (another Origin, or a browser saying it is cross-site) with{" "}
        <Err code="ORIGIN_NOT_ALLOWED" />, so another site cannot act for a signed-in creator.
      </p>
    </section>
  );
}
