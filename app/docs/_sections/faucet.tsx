// API docs: the local chain's helpers — faucet, balance and the end-to-end test control.
import { TEST_STABLECOIN_TOKEN } from "@/lib/domain/payment-currency";
import { DEFAULT_FAUCET_STABLECOIN, MAX_FAUCET_SOL, MAX_FAUCET_STABLECOIN } from "@/lib/schemas/faucet";
import { StatusOf } from "../_reference/error-code";
export function FaucetSection() {
  return (
    <section id="faucet" aria-labelledby="faucet-heading" className="space-y-3">
      <h2 id="faucet-heading" className="text-2xl font-semibold">
        Faucet and balance (local chain only)
      </h2>
      <p>
        <code>POST /api/localnet/faucet</code> with <code>{`{ "address": "<wallet>", "sol": 2 }`}</code> airdrops SOL on
        the embedded local chain (at most {MAX_FAUCET_SOL} SOL a call), so a collector, a test or a partner script can
        fund a wallet. It answers <code>{`{ success, signature, lamports, balance }`}</code>.{" "}
        <code>GET /api/localnet/balance/&lt;wallet&gt;</code> answers <code>{`{ success, address, lamports }`}</code>:
        the mint panel shows it because the browser has no RPC endpoint of its own on the embedded chain; each balance
        read spends one unit of the per-IP chain budget (see Rate limits). Both exist only when the site runs on{" "}
        <code>SOLANA_CLUSTER=localnet</code>; on devnet and mainnet the paths answer <StatusOf code="NOT_FOUND" />, and
        the burner wallet is not offered.
      </p>
      <pre className="overflow-x-auto rounded bg-black/40 p-3 text-sm">
        {`curl -X POST http://localhost:3000/api/localnet/faucet \\
  -H 'Content-Type: application/json' \\
  -d '{"address":"<wallet address>","sol":2}'`}
      </pre>
      <p>
        <strong>Test stablecoin.</strong> The local chain has a test stablecoin,{" "}
        <code>{TEST_STABLECOIN_TOKEN.symbol}</code> (an SPL token with {TEST_STABLECOIN_TOKEN.decimals} decimals whose
        mint authority is the server), for drops priced in a token such as the <code>shells</code> demo drop.{" "}
        <code>POST /api/localnet/faucet/stablecoin</code> with <code>{`{ "address": "<wallet>", "amount": 20 }`}</code>{" "}
        mints whole DUSD (at most {MAX_FAUCET_STABLECOIN} a call, {DEFAULT_FAUCET_STABLECOIN} when left out) to the
        wallet&apos;s token account, creating it when missing, and answers{" "}
        <code>{`{ success, signature, address, mint, symbol, decimals, amount, amountRaw }`}</code>;{" "}
        <code>GET /api/localnet/balance/&lt;wallet&gt;/stablecoin</code> answers the same without the signature. Like
        the SOL faucet, both exist on localnet only and answer <StatusOf code="NOT_FOUND" /> elsewhere.
      </p>
      <p>
        <strong>Test control.</strong> With <code>DROPMINT_TEST_CONTROLS=1</code> (and only on localnet),{" "}
        <code>POST /api/localnet/test-controls/phase-start</code> with{" "}
        <code>{`{ "phaseId": "<uuid>", "startsInMs": 12000 }`}</code> moves a phase&apos;s start relative to the server
        clock. The end-to-end tests use it to watch an upcoming phase&apos;s countdown roll over to active on an open
        page. <code>POST /api/localnet/test-controls/allowlist</code> with{" "}
        <code>{`{ "phaseId": "<uuid>", "walletAddress": "<wallet>", "allocation": 3 }`}</code> puts a wallet on a gated
        phase&apos;s allowlist, so a test can mint there with the page&apos;s burner wallet (one throwaway key per
        browser, kept in its localStorage; a fresh browser context has a new one). Without the flag both paths answer{" "}
        <StatusOf code="NOT_FOUND" />.
      </p>
    </section>
  );
}
