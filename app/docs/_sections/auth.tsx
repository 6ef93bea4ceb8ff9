// API docs: keys, first-party access, origins, scope, sandbox, rate limits and error codes.
// Figures and the code table come from the code itself, so the page cannot drift from it.
import { REF_CACHE_TTL_MS } from "@/lib/services/collection-ref";
import { StatusOf } from "../_reference/error-code";
import { Endpoint } from "../_reference/operation";
import { Err } from "../_reference/error-code";
import { API_KEY_PREFIX } from "@/lib/auth/api-keys";
import { getConfig, type Config } from "@/lib/config";
import { KEY_CACHE_MAX_AGE_MS } from "@/lib/services/read-caches";
import { ERROR_CODES, ERROR_CODE_DESCRIPTIONS, type ErrorCode } from "@/lib/errors";
import { MAX_BODY_BYTES } from "@/lib/api/request-input";

type Budgets = { readsPerMinute: number; mintsPerMinute: number; chainReadsPerMinute: number };

const KEY_CLASSES = [
  {
    prefix: `${API_KEY_PREFIX}_pub_`,
    name: "Publishable",
    bound: "its origin allow-list (required)",
    use: "browser pages",
  },
  {
    prefix: `${API_KEY_PREFIX}_live_`,
    name: "Secret",
    bound: "secrecy",
    use: "servers only; never in browser bundles",
  },
  {
    prefix: `${API_KEY_PREFIX}_test_`,
    name: "Sandbox",
    bound: "the sample collections, documentation origins, test networks (never a production chain)",
    use: "trials and documentation",
  },
];

export function AuthSection({
  rateLimit = getConfig().rateLimit,
  sandbox = getConfig().sandbox,
}: {
  rateLimit?: Budgets;
  sandbox?: Config["sandbox"];
}) {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  return (
    <section id="authentication" aria-labelledby="authentication-heading" className="space-y-3">
      <h2 id="authentication-heading" className="text-2xl font-semibold">
        Authentication
      </h2>
      <p>
        Send your key in the <code>X-API-Key</code> header on every request. Keys look like{" "}
        <code>{API_KEY_PREFIX}_&lt;class&gt;_&lt;secret&gt;</code>; the class is visible in the prefix. We store only a
        SHA-256 hash of each key, so a lost key cannot be shown again: ask for a new one.
      </p>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-700">
            <th className="py-1 pr-4">Class</th>
            <th className="py-1 pr-4">Prefix</th>
            <th className="py-1 pr-4">Bounded by</th>
            <th className="py-1">Use</th>
          </tr>
        </thead>
        <tbody>
          {KEY_CLASSES.map((keyClass) => (
            <tr key={keyClass.prefix} className="border-b border-slate-800">
              <td className="py-1 pr-4">{keyClass.name}</td>
              <td className="py-1 pr-4 font-mono">{keyClass.prefix}</td>
              <td className="py-1 pr-4">{keyClass.bound}</td>
              <td className="py-1">{keyClass.use}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-400">
        Revoked keys stop working at once on every server: the database announces the revocation to each of them. Should
        an announcement be lost (a dropped connection), a server checks a key again after at most{" "}
        {KEY_CACHE_MAX_AGE_MS / 1000} seconds.
      </p>

      <h3 className="text-lg font-semibold">Requests without a key (first-party)</h3>
      <p>
        The Dropmint site itself calls the API without a key. A request counts as first-party when its{" "}
        <code>Origin</code> is one of the site&apos;s own origins, or when it sends no <code>Origin</code> and the
        browser marks it <code>Sec-Fetch-Site: same-origin</code>. This is a browser convenience, not a secret: any HTTP
        client can send those headers, so first-party access grants only what the public site already shows, and per-IP
        rate limits still apply. Any other request without a key gets <Err code="API_KEY_REQUIRED" />. A request that
        carries a key is always judged by the key.
      </p>
      <p>
        In particular, a drop that has not launched (coming soon, deploying, maintenance) is shown to a request without
        a key no more than the public site shows of it: gallery and recently-minted answer empty pages, every other
        route of the drop answers <Err code="COLLECTION_NOT_LAUNCHED" /> (<Endpoint router="v1" id="getCollection" />{" "}
        included: the teaser envelope is the first-party router&apos;s), and its phases&apos; price routes answer{" "}
        <Err code="PHASE_NOT_FOUND" /> as for an unknown phase. A key issued for the drop (the creator&apos;s own
        integration) reads it in full. Launch status is taken from the drop lookup, which each server keeps for up to{" "}
        {REF_CACHE_TTL_MS / 1000} seconds, so a launch shows within that time.
      </p>

      <h3 className="text-lg font-semibold">Origins</h3>
      <p>
        A key with an origin list (every publishable key has one) is accepted only from those exact origins,{" "}
        <code>scheme://host[:port]</code>; anything else gets <Err code="ORIGIN_NOT_ALLOWED" />, including a request
        with no <code>Origin</code> header at all, so a browser key cannot be used from a server. Register every origin
        that serves your pages, staging and previews included. Responses allow cross-origin reads (
        <code>Access-Control-Allow-Origin: *</code>); the key&apos;s origin list is what authorizes a page.
      </p>

      <h3 className="text-lg font-semibold">Scope</h3>
      <p>
        A key is issued for particular drops, or for all of them. Every route that names a drop (by short ID, UUID or
        address, in the path or as <code>collectionId</code> in a body) is limited to the key&apos;s drops; phase routes
        are scoped through the phase&apos;s own drop. Asking about another drop gets{" "}
        <Err code="COLLECTION_NOT_IN_SCOPE" />, identical in body, status and timing whether or not that drop exists.
      </p>
      <p>
        <strong>Unknown identifiers:</strong> a caller who may see every drop (the site itself, or a key issued for all
        drops) gets <Err code="COLLECTION_NOT_FOUND" /> (or <Err code="PHASE_NOT_FOUND" />
        ). A key scoped to particular drops gets the same <Err code="COLLECTION_NOT_IN_SCOPE" /> as for any other drop,
        since it must not learn which drops exist. A malformed identifier is <Err code="INVALID_REQUEST" /> for
        everyone.
      </p>

      <h3 className="text-lg font-semibold">Sandbox keys</h3>
      <p>
        A <code>dm_test_</code> key is for trials. The spec bounds it three ways; these are the decisions it leaves
        open, checked on every request:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>The sample collection.</strong> It reaches only the drops named by <code>SANDBOX_COLLECTIONS</code>{" "}
          (short IDs; here: {sandbox.collections.join(", ")}), whatever it was issued for: any other drop answers{" "}
          <Err code="COLLECTION_NOT_IN_SCOPE" />, the same whether or not that drop exists. <code>npm run keys</code>{" "}
          refuses to issue one for another drop and, without <code>--collections</code>, issues it for the samples.
        </li>
        <li>
          <strong>Documentation origins.</strong> From a browser it works only from the registered documentation origins
          (<code>SANDBOX_ORIGINS</code>; here: {sandbox.origins.join(", ")}) or the key&apos;s own origin list; any
          other <code>Origin</code> answers <Err code="ORIGIN_NOT_ALLOWED" />. Without an <code>Origin</code> (curl,
          your own server trying things out) it works, unless the key has an origin list.
        </li>
        <li>
          <strong>Test networks.</strong> It is refused on any production chain (<code>solana-mainnet</code>) with{" "}
          <Err code="SANDBOX_KEY_ON_MAINNET" />: for a drop on that chain, and for routes naming no drop (
          <Endpoint router="v1" id="getRoot" />, token prices) when the service itself runs on mainnet; elsewhere{" "}
          <Endpoint router="v1" id="getRoot" /> answers it.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">Rate limits</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Every request: {rateLimit.readsPerMinute} per minute per client IP (configured with{" "}
          <code>RATE_LIMIT_READS_PER_MINUTE</code>). This budget is spent first, before the key or the drop is looked
          up, so requests with an unknown or malformed key, or naming an unknown drop, count like any other; past it
          nothing is looked up at all. Mint calls spend it too.
        </li>
        <li>
          Reads that reach the chain, in addition: {rateLimit.chainReadsPerMinute} per minute per client IP (configured
          with <code>RATE_LIMIT_CHAIN_READS_PER_MINUTE</code>), so that one address cannot use up the RPC quota that
          prepare and execute need. Every top-holders request spends one (whether or not its board is reused; see
          Leaderboards), as does every local balance read; eligibility and wallet-mints spend one only when they read
          the wallet&apos;s holdings (token or NFT gates). Mint calls never spend it.
        </li>
        <li>
          Mint calls (prepare and execute), in addition: {rateLimit.mintsPerMinute} per minute per secret or sandbox
          key, whatever the client IP; per publishable key <em>and</em> client IP, since a publishable key ships in
          browser code and one visitor must not use up the budget of the partner&apos;s other visitors; per client IP
          for the site itself (configured with <code>RATE_LIMIT_MINTS_PER_MINUTE</code>).
        </li>
        <li>
          Past the budget you get <Err code="RATE_LIMITED" /> with a <code>Retry-After</code> header in whole seconds
          and the same figure as <code>retryAfter</code> in the body. Wait that long, then retry.
        </li>
        <li>
          Budgets are fixed one-minute windows, kept in memory by a single server or shared in Redis by several (set{" "}
          <code>REDIS_URL</code>). If Redis is unreachable each server falls back to its own in-memory windows rather
          than refusing requests.
        </li>
        <li>POST bodies are limited to {MAX_BODY_BYTES / 1024} KB.</li>
      </ul>

      <h3 className="text-lg font-semibold">Error codes</h3>
      <p>
        Errors are <code>{`{ success: false, error, code }`}</code>, sometimes with extra members named below. Branch on{" "}
        <code>code</code>: a <StatusOf code="ORIGIN_NOT_ALLOWED" />, for example, can mean a wrong origin, another drop,
        a sandbox key on mainnet or a blocked wallet. <Err code="AUTH_UNAVAILABLE" plain /> is never a denial: retry.
      </p>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-700">
            <th className="py-1 pr-4">Code</th>
            <th className="py-1 pr-4">Status</th>
            <th className="py-1">When</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => (
            <tr key={code} className="border-b border-slate-800">
              <td className="py-1 pr-4 font-mono">{code}</td>
              <td className="py-1 pr-4 font-mono">{ERROR_CODES[code]}</td>
              <td className="py-1">{ERROR_CODE_DESCRIPTIONS[code]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
