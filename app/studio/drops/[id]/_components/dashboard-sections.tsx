// The dashboard's sections, presentational only: each takes its part of the read.
import { formatCount, formatTokenAmount, shortWallet } from "@/lib/format";
import type { DropDashboardView } from "@/lib/schemas/studio-dashboard";

type View = DropDashboardView;
type CurrencyTotal = View["revenue"][number];

const card = "rounded-lg border border-white/10 p-4";
const amount = (raw: string, decimals: number, symbol: string | null) =>
  formatTokenAmount(BigInt(raw), decimals, symbol);

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id} className={card}>
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const FUNNEL_STEPS = [
  ["prepared", "Prepared"],
  ["executed", "Sent"],
  ["landed", "Landed"],
  ["expired", "Expired unsigned"],
  ["failed", "Refused by the chain"],
  ["superseded", "Replaced by a newer prepare"],
  ["open", "In progress"],
] as const;

export function Funnel({ funnel }: { funnel: View["funnel"] }) {
  const widest = Math.max(1, funnel.prepared);
  return (
    <Section id="funnel" title="Mint funnel (NFTs)">
      <dl className="space-y-1">
        {FUNNEL_STEPS.map(([key, label]) => (
          <div key={key} className="grid grid-cols-[12rem_4rem_1fr] items-center gap-2 text-sm">
            <dt className="text-slate-300">{label}</dt>
            <dd data-testid={`funnel-${key}`} className="text-right tabular-nums">
              {formatCount(funnel[key])}
            </dd>
            <div aria-hidden className="h-2 rounded bg-mint/60" style={{ width: `${(funnel[key] / widest) * 100}%` }} />
          </div>
        ))}
      </dl>
      <h3 className="mt-4 font-medium">Refused calls: {formatCount(funnel.refusedTotal)}</h3>
      {funnel.refused.length === 0 ? (
        <p className="text-sm text-slate-400">None.</p>
      ) : (
        <table className="mt-1 text-sm" data-testid="refusals">
          <thead>
            <tr className="text-left text-slate-400">
              <th className="pr-4">Step</th>
              <th className="pr-4">Code</th>
              <th className="text-right">Calls</th>
            </tr>
          </thead>
          <tbody>
            {funnel.refused.map((r) => (
              <tr key={`${r.stage}-${r.code}`}>
                <td className="pr-4">{r.stage}</td>
                <td className="pr-4 font-mono">{r.code}</td>
                <td className="text-right tabular-nums">{formatCount(r.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Totals({ totals }: { totals: readonly CurrencyTotal[] }) {
  if (totals.length === 0) return <span className="text-slate-400">Nothing yet</span>;
  return (
    <ul>
      {totals.map((t) => (
        <li key={t.currency}>
          {amount(t.proceedsRaw, t.decimals, t.currency)}{" "}
          <span className="text-slate-400">
            ({formatCount(t.mints)} mints, platform fees {amount(t.feesRaw, t.decimals, t.currency)})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function Revenue({ totals }: { totals: View["revenue"] }) {
  return (
    <Section id="revenue" title="Revenue">
      <Totals totals={totals} />
    </Section>
  );
}

export function Holders({ view }: { view: View }) {
  return (
    <Section id="holders" title="Collectors">
      <p>
        <span data-testid="unique-holders">{formatCount(view.uniqueHolders)}</span> holders ·{" "}
        {formatCount(view.uniqueMinters)} minters
      </p>
      <h3 className="mt-3 font-medium">Top minters</h3>
      <ol className="list-decimal pl-5 text-sm" data-testid="top-minters">
        {view.topMinters.map((m) => (
          <li key={m.walletAddress} title={m.walletAddress}>
            <span className="font-mono">{shortWallet(m.walletAddress)}</span> — {formatCount(m.mints)}
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Phases({ phases }: { phases: View["phases"] }) {
  return (
    <Section id="phases" title="Phases">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-400">
            <th>Phase</th>
            <th>Sold</th>
            <th>Revenue</th>
            <th>Proceeds go to</th>
            <th>Platform fee</th>
          </tr>
        </thead>
        <tbody>
          {phases.map((p) => (
            <tr key={p.id} className="align-top" data-testid={`phase-${p.id}`}>
              <td>{p.name ?? "Unnamed"}</td>
              <td className="tabular-nums">
                {formatCount(p.sold)}
                {p.supply !== null ? ` / ${formatCount(p.supply)}` : ""}
              </td>
              <td>
                <Totals totals={p.revenue} />
              </td>
              <td className="break-all font-mono text-xs">
                {p.proceeds.treasuryAddress}
                {p.proceeds.currencyMint ? ` (its ${p.currency} token account)` : " (SOL)"}
              </td>
              <td>
                {p.platformFee.lamportsPerNft !== null
                  ? `${amount(p.platformFee.lamportsPerNft, 9, "SOL")} per NFT`
                  : `${(p.platformFee.tokenBps ?? 0) / 100}% of the price`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export function ClaimCodes({ codes }: { codes: View["claimCodes"] }) {
  return (
    <Section id="claim-codes" title="Claim codes">
      <p>
        <span data-testid="code-redemptions">{formatCount(codes.redemptions)}</span> redemptions
      </p>
      {codes.batches.length > 0 && (
        <ul className="mt-2 text-sm">
          {codes.batches.map((b) => (
            <li key={b.id}>
              {b.name ?? "Batch"} ({b.grantType}): {formatCount(b.uses)} uses of {formatCount(b.codes)} codes
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Money({ money }: { money: View["money"] }) {
  const prize = money.prizeAccount;
  return (
    <Section id="money" title="Money">
      <dl className="grid grid-cols-[12rem_1fr] gap-1 text-sm">
        <dt className="text-slate-400">Treasury (your proceeds)</dt>
        <dd className="break-all font-mono">{money.treasuryAddress}</dd>
        <dt className="text-slate-400">Platform fee account</dt>
        <dd className="break-all font-mono">{money.platformFeeAccount}</dd>
        <dt className="text-slate-400">Prize account (send bounty funds here)</dt>
        <dd className="break-all font-mono" data-testid="prize-account">
          {prize.address}
        </dd>
        <dt className="text-slate-400">Prize account balance</dt>
        <dd>{prize.lamports === null ? "cannot be read right now" : amount(prize.lamports, 9, "SOL")}</dd>
      </dl>
      {prize.funding.length > 0 && (
        <table className="mt-3 text-sm" data-testid="prize-funding">
          <thead>
            <tr className="text-left text-slate-400">
              <th className="pr-4">Prizes in</th>
              <th className="pr-4">Owed</th>
              <th className="pr-4">Held</th>
              <th>Still to send</th>
            </tr>
          </thead>
          <tbody>
            {prize.funding.map((f) => (
              <tr key={f.address}>
                <td className="pr-4">{f.symbol ?? shortWallet(f.address)}</td>
                <td className="pr-4">{amount(f.neededRaw, f.decimals, f.symbol)}</td>
                <td className="pr-4">{amount(f.heldRaw, f.decimals, f.symbol)}</td>
                <td className={f.shortfallRaw === "0" ? "text-slate-400" : "font-semibold text-amber-300"}>
                  {f.shortfallRaw === "0" ? "funded" : amount(f.shortfallRaw, f.decimals, f.symbol)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(prize.freeMintPrizes > 0 || prize.nftPrizes > 0) && (
        <p className="mt-2 text-sm text-slate-300">
          Also owed: {formatCount(prize.freeMintPrizes)} free mints (paid in SOL by the prize account) and{" "}
          {formatCount(prize.nftPrizes)} NFT prizes (send each NFT to the prize account).
        </p>
      )}
    </Section>
  );
}
