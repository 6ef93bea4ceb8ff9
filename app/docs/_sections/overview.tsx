// API docs: base address, envelope, identifiers and versioning.
import { PUBLIC_READ_S_MAXAGE, PUBLIC_READ_STALE_WHILE_REVALIDATE } from "@/lib/api/cache-policy";
import { MAX_REQUESTS_IN_PROGRESS_PER_CLIENT } from "@/lib/api/client-slots";
import { MAX_BODY_BYTES } from "@/lib/api/request-input";
import { DEFAULT_BODY_TIMEOUT_MS } from "@/lib/config";
import { IPV6_CLIENT_PREFIX_BITS } from "@/lib/domain/client-network";
import { Endpoint } from "../_reference/operation";
import { Err } from "../_reference/error-code";
export function OverviewSection({ baseUrl }: { baseUrl: string }) {
  return (
    <section id="overview" aria-labelledby="overview-heading" className="space-y-3">
      <h2 id="overview-heading" className="text-2xl font-semibold">
        Overview
      </h2>
      <p>
        The v1 API lives at <code>{baseUrl}/api/v1</code>. Paths below are relative to it. JSON is the wire format; POST
        bodies need <code>Content-Type: application/json</code>.
      </p>
      <h3 className="text-lg font-semibold">Envelope</h3>
      <p>
        Successful bodies carry <code>success: true</code> beside the resource&apos;s own fields. Errors carry{" "}
        <code>{`{ success: false, error, code }`}</code>: <code>error</code> is a sentence for people and may be
        reworded at any time; <code>code</code> is stable, so branch on it. Clients branch on the code, not on the
        status class.
      </p>
      <h3 className="text-lg font-semibold">Bad requests</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          A method a path does not answer gets <Err code="METHOD_NOT_ALLOWED" /> with an <code>Allow</code> header
          listing the methods it does (GET paths also answer HEAD and OPTIONS), including methods such as{" "}
          <code>TRACE</code> or <code>PROPFIND</code>. An unknown path under <code>/api</code> gets{" "}
          <Err code="NOT_FOUND" />.
        </li>
        <li>
          A path whose percent-encoding is malformed (<code>%E0%A4%A</code>, a lone <code>%</code>) gets{" "}
          <Err code="INVALID_REQUEST" />. Text in paths, query strings and bodies (searches, codes, identifiers) may not
          contain control characters (NUL, line breaks, escape): <Err code="INVALID_REQUEST" />.
        </li>
        <li>
          Bodies over {MAX_BODY_BYTES / 1024} KB get <Err code="PAYLOAD_TOO_LARGE" />, and the connection is closed:
          open a new one for the next request.
        </li>
        <li>
          A body must arrive in full within {DEFAULT_BODY_TIMEOUT_MS / 1000} seconds of the request, or the answer is{" "}
          <Err code="REQUEST_TIMEOUT" /> and the connection is closed. One client (an IPv4 address, or an IPv6 /
          {IPV6_CLIENT_PREFIX_BITS}) may have {MAX_REQUESTS_IN_PROGRESS_PER_CLIENT} requests in progress at once; one
          more gets <Err code="RATE_LIMITED" /> at once.
        </li>
        <li>
          Every answer carries <code>X-Content-Type-Options: nosniff</code>,{" "}
          <code>Referrer-Policy: strict-origin-when-cross-origin</code> and a Content-Security-Policy; pages may not be
          framed anywhere (<code>frame-ancestors &apos;none&apos;</code>, <code>X-Frame-Options: DENY</code>). Link to a
          drop instead of embedding it.
        </li>
      </ul>
      <h3 className="text-lg font-semibold">Identifiers</h3>
      <p>
        A collection is addressed by its short ID (use it in public links), its UUID or its on-chain collection address.
        Addresses are base58 and case-sensitive: they are matched exactly and never altered. Short IDs are
        case-sensitive too (matched exactly, as the drop&apos;s creator spelled them); a UUID is matched in either case.
        A malformed identifier is <Err code="INVALID_REQUEST" />.
      </p>
      <h3 className="text-lg font-semibold">Clock</h3>
      <p>
        <code>serverTime</code> is the service&apos;s clock. Phase status, <code>msUntilStart</code> and{" "}
        <code>msUntilEnd</code> are computed on it; render countdowns against it and re-read the collection when one
        reaches zero.
      </p>
      <h3 className="text-lg font-semibold">Versioning</h3>
      <p>
        <Endpoint router="v1" id="getRoot" /> returns <code>version</code> and <code>stability</code>. Within v1 changes
        are additive only: fields may be added, never removed or retyped. <strong>Deprecation:</strong> nothing in v1 is
        deprecated; a removal or retype would come only as a new interface version under a new base path, announced in
        this reference, with v1 answering beside it meanwhile.
      </p>
      <h3 className="text-lg font-semibold">Keys, events and caching</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Key issuance:</strong> keys are issued by the site&apos;s operator (the <code>npm run keys</code>{" "}
          command), for particular drops or all of them, and shown once; there is no self-service key endpoint.
        </li>
        <li>
          <strong>No webhooks in v1:</strong> the service calls nobody back and pushes nothing; poll the read endpoints
          (their ETags make an unchanged answer cheap).
        </li>
        <li>
          <strong>HTTP caching:</strong> the site&apos;s own public reads may be kept by shared caches for{" "}
          {PUBLIC_READ_S_MAXAGE} seconds and served up to {PUBLIC_READ_STALE_WHILE_REVALIDATE} seconds longer while they
          refresh; keyed v1 reads are private and must be revalidated. Every read carries a weak ETag, and a matching{" "}
          <code>If-None-Match</code> is answered with an empty not-modified answer. Errors and writes are never stored.
        </li>
      </ul>
    </section>
  );
}
