// /search?q= — collection search, server-rendered: the search box's target when JavaScript is
// off (or when the collector presses Search), through the same service as the first-party
// GET /api/public/collections/search.
import { getConfig } from "@/lib/config";
import type { Metadata } from "next";
import { getServiceContext } from "@/lib/server/runtime";
import { searchCollections } from "@/lib/services/collection-search";
import { toPlainText } from "@/lib/schemas/common";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH } from "@/lib/schemas/discovery";
import { DropSearch } from "../_components/drop-search";
import { SearchResultRow } from "../_components/search-result-row";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 24;
const RESULTS_ID = "search-results";

type Props = { searchParams: Promise<{ q?: string | string[]; offset?: string | string[] }> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = first((await searchParams).q).trim();
  // Result pages are not worth indexing; the drops themselves are.
  return { title: q ? `Search: ${q.slice(0, SEARCH_QUERY_MAX_LENGTH)}` : "Search", robots: { index: false } };
}

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  // The page forgives what the API refuses: a pasted NUL or line break reads as a space.
  const q = toPlainText(first(params.q)).trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const offset = Math.min(1_000_000, Math.max(0, Math.floor(Number(first(params.offset)) || 0)));
  const tooShort = q.length < SEARCH_QUERY_MIN_LENGTH;

  let found: Awaited<ReturnType<typeof searchCollections>> | null = null;
  if (!tooShort) found = await searchCollections(await getServiceContext(), { q, limit: PAGE_SIZE, offset });
  const pageHref = (at: number) => `/search?q=${encodeURIComponent(q)}${at > 0 ? `&offset=${at}` : ""}`;

  return (
    <section aria-labelledby="search-heading" className="mx-auto max-w-2xl space-y-6">
      <h1 id="search-heading" className="text-3xl font-bold">
        Search drops
      </h1>
      <DropSearch cluster={getConfig().cluster} initialQuery={q} liveResults={false} resultsId={RESULTS_ID} />
      <div id={RESULTS_ID}>
        {tooShort ? (
          <p className="text-slate-300">
            {q
              ? `“${q}” is too short: type at least ${SEARCH_QUERY_MIN_LENGTH} characters.`
              : "Type a drop's name, symbol or short ID."}
          </p>
        ) : found && found.collections.length === 0 ? (
          <p className="text-slate-300">{offset > 0 ? `No more drops match “${q}”.` : `No drops match “${q}”.`}</p>
        ) : (
          found && (
            <div className="space-y-4">
              <h2 className="text-lg font-semibold">
                Drops matching “{q}”
                {offset > 0 && <span className="font-normal text-slate-400"> · from {offset + 1}</span>}
              </h2>
              <ul className="divide-y divide-white/5 rounded-xl border border-white/10 bg-white/5 p-2">
                {found.collections.map((item) => (
                  <li key={item.id}>
                    <SearchResultRow item={item} />
                  </li>
                ))}
              </ul>
              {(offset > 0 || found.hasMore) && (
                <nav aria-label="Search result pages" className="flex justify-between text-sm">
                  {offset > 0 ? (
                    <a href={pageHref(Math.max(0, offset - PAGE_SIZE))} className="text-mint hover:underline">
                      ← Previous
                    </a>
                  ) : (
                    <span />
                  )}
                  {found.hasMore && (
                    <a href={pageHref(offset + PAGE_SIZE)} className="text-mint hover:underline">
                      More results →
                    </a>
                  )}
                </nav>
              )}
            </div>
          )
        )}
      </div>
    </section>
  );
}
