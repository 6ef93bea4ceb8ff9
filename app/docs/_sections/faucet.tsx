// API docs: the localnet faucet.
export function FaucetSection() {
  return (
    <section id="faucet" aria-labelledby="faucet-heading" className="space-y-3">
      <h2 id="faucet-heading" className="text-2xl font-semibold">
        Faucet (local chain only)
      </h2>
      <p>
        <code>POST /api/localnet/faucet</code> with <code>{`{ "address": "<wallet>", "sol": 2 }`}</code> airdrops SOL on the
        embedded local chain (at most 10 SOL a call), so a collector, a test or a partner script can fund a wallet. It answers{" "}
        <code>{`{ success, signature, lamports, balance }`}</code>. It exists only when the site runs on{" "}
        <code>SOLANA_CLUSTER=localnet</code>; on devnet and mainnet the path answers 404.
      </p>
      <pre className="overflow-x-auto rounded bg-black/40 p-3 text-sm">
        {`curl -X POST http://localhost:3000/api/localnet/faucet \\
  -H 'Content-Type: application/json' \\
  -d '{"address":"<wallet address>","sol":2}'`}
      </pre>
    </section>
  );
}
