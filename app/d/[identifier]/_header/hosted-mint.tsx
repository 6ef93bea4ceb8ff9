// For a drop the core mint flow does not support: a clear way to its creator's hosted mint
// page, in the place the mint panel would take. Server-rendered; no wallet code loads.
import Link from "next/link";
import { safeHttpUrl } from "./labels";

export function HostedMint({ mintUrl }: { mintUrl: string | null }) {
  const href = safeHttpUrl(mintUrl);
  return (
    <section
      aria-labelledby="hosted-mint-heading"
      data-testid="hosted-mint"
      className="rounded-2xl border border-mint/30 bg-mint/[0.06] p-5"
    >
      <h2 id="hosted-mint-heading" className="text-xl font-semibold">
        Mint
      </h2>
      <p className="mt-2 text-slate-300">This drop mints on its creator&apos;s hosted page.</p>
      {href ? (
        <>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby="hosted-mint-hint"
            className="mt-4 flex w-full items-center justify-center gap-2 rounded-xl bg-mint px-4 py-3 font-semibold text-ink hover:bg-emerald-300"
          >
            Mint on the hosted page
            <svg
              viewBox="0 0 20 20"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              className="h-4 w-4"
              aria-hidden="true"
            >
              <path d="M8 4H4v12h12v-4M11 4h5v5M16 4l-7 7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </a>
          <p id="hosted-mint-hint" className="mt-2 text-center text-xs text-slate-400">
            Opens {new URL(href).host} in a new tab.
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-400">The creator has not published the link yet.</p>
      )}
      {/* Not a dead end when the creator's page is down or not out yet: drops minted here. */}
      <p className="mt-4 border-t border-white/10 pt-3 text-sm">
        <Link href="/#live-heading" className="text-mint hover:underline">
          Drops you can mint on Dropmint now
        </Link>
      </p>
    </section>
  );
}
