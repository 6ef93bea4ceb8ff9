// One collection-search match as a link row: thumbnail, name, verified mark, symbol,
// progress, and on the right the drop's status and price as its card says them. Shared by
// the live results under the search box and the /search page.
import type { SearchResult } from "@/lib/client/types";
import { DropArt } from "./drop-art";
import { VerifiedBadge } from "./verified-badge";
import { dropPath, isSoldOut, progressText, searchResultStats } from "./drop-card-text";
import { priceLabel } from "./price-label";

const STATUS_WORD = { active: "Minting now", upcoming: "Upcoming", ended: "Ended" } as const;

export function SearchResultRow({
  item,
  linkProps,
}: {
  item: SearchResult;
  linkProps?: React.AnchorHTMLAttributes<HTMLAnchorElement>;
}) {
  return (
    // A plain <a>: the live list is inside a client island whose links must also work before
    // hydration, and the row needs the arrow-key handlers passed in linkProps.
    <a
      href={dropPath({ shortId: item.short_id, id: item.id })}
      className="flex min-h-14 items-center gap-3 rounded-lg px-2 py-2 hover:bg-white/10 focus-visible:bg-white/10"
      {...linkProps}
    >
      <span className="h-10 w-10 shrink-0 overflow-hidden rounded-md bg-white/10">
        <DropArt image={item.image} size={40} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium text-slate-100">{item.name ?? "Untitled drop"}</span>
          {item.is_verified && <VerifiedBadge />}
        </span>
        <span className="block truncate text-xs tabular-nums text-slate-400">
          {[item.symbol, progressText(searchResultStats(item))].filter(Boolean).join(" · ")}
        </span>
      </span>
      <span className="shrink-0 text-right text-xs tabular-nums" data-testid="search-result-standing">
        <span className={`block ${item.status === "active" ? "text-mint" : "text-slate-400"}`}>
          {isSoldOut(searchResultStats(item)) ? "Sold out" : STATUS_WORD[item.status]}
        </span>
        {item.price && <span className="block text-slate-200">{priceLabel(item.price)}</span>}
      </span>
    </a>
  );
}
