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
      <h3 className="text-xl font-semibold">Managing a drop</h3>
      <p>
        Every change goes through the very update <code>npm run drop -- update</code> runs, so the rules after the first
        mint and their reasons are the same: a refused change is <Err code="LAUNCH_REFUSED" /> with the reasons in{" "}
        <code>refusals</code>, and nothing is changed. Each change is written to the drop&apos;s audit log (who, when,
        and the change lines, before → after) in the same transaction.
      </p>
      <table className="text-sm">
        <tbody>
          {STUDIO_ENDPOINTS.map(([method, path, what]) => (
            <tr key={`${method} ${path}`}>
              <td className="pr-3 align-top font-mono">{method}</td>
              <td className="pr-3 align-top font-mono">/api/studio{path}</td>
              <td className="align-top">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        An allowlist upload with bad lines is <Err code="ALLOWLIST_INVALID" />, each problem with its line and reason.
        Revoking a claim-code batch before the first mint removes it; after it (when codes may no longer change) it
        disables every code of the batch, which only takes away. A partner key a creator makes reaches only the drops
        named when it was made (the key&apos;s scope, checked on every request), is shown once and stored as a hash.
      </p>
    </section>
  );
}

const STUDIO_ENDPOINTS: Array<[string, string, string]> = [
  ["GET", "/drops", "The caller's drops (an admin's: every drop)."],
  ["GET, PATCH", "/drops/{id}", "A drop; its description, banner, website and socials."],
  ["GET, PUT", "/drops/{id}/phases", 'Phases: dates, prices, limits, gates (allowlist "keep" keeps a list).'],
  ["PUT", "/drops/{id}/phases/{phaseId}/allowlist", "A CSV (first cell a line) or JSON array of wallets."],
  ["GET, POST", "/drops/{id}/claim-codes", "Batches; generate one with a kind and a count."],
  ["GET", "/drops/{id}/claim-codes/{batchId}/export", "The batch's codes as CSV text."],
  ["DELETE", "/drops/{id}/claim-codes/{batchId}", "Revoke the batch."],
  ["GET, PUT", "/drops/{id}/bounties", "The bounties, as dropmint.json writes them (PUT replaces them all)."],
  ["GET, PUT", "/drops/{id}/reveal", "Whether the art is hidden; a hidden drop's reveal moment and placeholder."],
  ["GET", "/drops/{id}/audit", "The drop's audit log, newest first."],
  ["GET, POST", "/keys", "The caller's partner keys; a new one for some of its drops (shown once)."],
  ["DELETE", "/keys/{keyId}", "Revoke a key."],
];
