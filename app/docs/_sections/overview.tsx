// API docs: base address, envelope, identifiers and versioning.
export function OverviewSection({ baseUrl }: { baseUrl: string }) {
  return (
    <section id="overview" aria-labelledby="overview-heading" className="space-y-3">
      <h2 id="overview-heading" className="text-2xl font-semibold">
        Overview
      </h2>
      <p>
        The v1 API lives at <code>{baseUrl}/api/v1</code>. Paths below are relative to it. JSON is the wire format; POST bodies
        need <code>Content-Type: application/json</code>.
      </p>
      <h3 className="text-lg font-semibold">Envelope</h3>
      <p>
        Successful bodies carry <code>success: true</code> beside the resource&apos;s own fields. Errors carry{" "}
        <code>{`{ success: false, error, code }`}</code>: <code>error</code> is a sentence for people and may be reworded at any time;{" "}
        <code>code</code> is stable, so branch on it. Clients branch on the code, not on the status class.
      </p>
      <h3 className="text-lg font-semibold">Identifiers</h3>
      <p>
        A collection is addressed by its short ID (use it in public links), its UUID or its on-chain collection address. Addresses
        are base58 and case-sensitive: they are matched exactly and never altered. A malformed identifier is{" "}
        <code>400 INVALID_REQUEST</code>.
      </p>
      <h3 className="text-lg font-semibold">Clock</h3>
      <p>
        <code>serverTime</code> is the service&apos;s clock. Phase status, <code>msUntilStart</code> and <code>msUntilEnd</code> are
        computed on it; render countdowns against it and re-read the collection when one reaches zero.
      </p>
      <h3 className="text-lg font-semibold">Versioning</h3>
      <p>
        <code>GET /</code> returns <code>version</code> and <code>stability</code>. Within v1 changes are additive only: fields may
        be added, never removed or retyped.
      </p>
    </section>
  );
}
