// The search box. Without JavaScript it is a plain GET form to /search?q= (server-rendered
// results); with JavaScript it also shows live matches under the box as the collector types
// (debounced, at least 2 characters), and submitting navigates client-side (next/form).
// The live matches come from live-search.tsx, loaded on the box's first focus or keystroke.
"use client";

import Form from "next/form";
import { Suspense, lazy, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { Cluster } from "@/lib/config";
import { useDebounced } from "@/lib/client/use-debounced";
import type { LiveSearchState } from "./live-search";
import { SearchResultRow } from "./search-result-row";

// React.lazy, not next/dynamic: it is only ever rendered in the browser (after a focus), and
// React's own lazy adds nothing to the page's first-load JavaScript.
const LiveSearch = lazy(() => import("./live-search"));
/** Before the live module first reports. */
const NOTHING_YET: LiveSearchState = { q: "", isFetching: false, isPlaceholderData: false, isError: false };

export const SEARCH_MIN_LENGTH = 2;
const DEBOUNCE_MS = 250;

const searchPageHref = (q: string) => `/search?q=${encodeURIComponent(q)}`;

type DropSearchProps = {
  cluster: Cluster;
  initialQuery?: string;
  liveResults?: boolean;
  /** On /search: the id of the server's results for `initialQuery`, hidden while the box says something else. */
  resultsId?: string;
};

/**
 * The search box. Its live matches use React Query and the read half of the client, loaded
 * the first time the collector focuses the box or types: a page that shows the box ships
 * neither up front, and no mint code at all.
 */
export function DropSearch({ cluster, initialQuery = "", liveResults = true, resultsId }: DropSearchProps) {
  const id = useId();
  const [value, setValue] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  // Set on the first focus or keystroke, never unset: the live module's cache then answers a query typed again.
  const [live, setLive] = useState(false);
  const [search, setSearch] = useState<LiveSearchState>(NOTHING_YET);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = value.trim();
  const debounced = useDebounced(typed, DEBOUNCE_MS);
  const searchable = liveResults && debounced.length >= SEARCH_MIN_LENGTH;
  const showPanel = liveResults && open && typed.length >= SEARCH_MIN_LENGTH;
  const asked = searchable ? debounced : "";
  // Still typing, the live module has not taken up this query yet (it is loading, or reports
  // after this render), or the shown list belongs to an earlier query.
  const pending =
    typed !== debounced || search.q !== asked || (search.isFetching && (search.isPlaceholderData || !search.data));
  const results = search.data?.collections ?? [];

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>("a") ?? []);
  // Arrow keys move between the input and the results; Tab works as everywhere else.
  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && showPanel) {
      const first = links()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === "Escape" && showPanel) {
      // Close the list, and keep what was typed (a search input clears itself on Escape).
      event.preventDefault();
      setOpen(false);
    }
  }
  function onResultKeyDown(event: KeyboardEvent<HTMLAnchorElement>) {
    const all = links();
    const index = all.indexOf(event.currentTarget);
    if (event.key === "ArrowDown") {
      event.preventDefault();
      all[Math.min(index + 1, all.length - 1)]?.focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      (index <= 0 ? inputRef.current : all[index - 1])?.focus();
    } else if (event.key === "Escape") {
      setOpen(false);
      inputRef.current?.focus();
    }
  }

  const tooShort = typed.length > 0 && typed.length < SEARCH_MIN_LENGTH;
  useHideResultsOnceEdited(resultsId, typed !== initialQuery.trim());
  let status: string;
  if (tooShort) status = `Type at least ${SEARCH_MIN_LENGTH} characters to search.`;
  else if (!showPanel) status = "";
  else if (pending) status = "Searching…";
  else if (search.isError) status = "Live search is not available right now.";
  else if (results.length === 0) status = `No drops match “${debounced}”.`;
  else status = `${results.length === 1 ? "1 drop matches" : `${results.length} drops match`} “${debounced}”.`;

  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      {/* GET is the form's default; next/form does not accept a method prop. */}
      <Form action="/search" role="search" className="flex gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search drops
        </label>
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name="q"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setLive(liveResults);
          }}
          onFocus={() => {
            setOpen(true);
            setLive(liveResults);
          }}
          onKeyDown={onInputKeyDown}
          required
          minLength={SEARCH_MIN_LENGTH}
          maxLength={100}
          autoComplete="off"
          placeholder="Name or symbol"
          aria-describedby={`${id}-hint`}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-white/15 bg-white/5 px-3 text-base text-slate-100 placeholder:text-slate-500 focus:border-mint/70"
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-lg bg-mint px-4 font-semibold text-ink hover:bg-mint/90"
        >
          Search
        </button>
      </Form>
      <p id={`${id}-hint`} className={`mt-1.5 text-xs ${tooShort ? "text-amber-200" : "text-slate-400"}`}>
        Type at least {SEARCH_MIN_LENGTH} characters.
      </p>
      {/* Announced politely; also the visible status line of the live results. */}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      {live && (
        <Suspense fallback={null}>
          <LiveSearch cluster={cluster} q={asked} onChange={setSearch} />
        </Suspense>
      )}
      {showPanel && (
        <div className="absolute inset-x-0 top-full z-20 mt-1 rounded-xl border border-white/15 bg-ink p-2 shadow-2xl shadow-black/60">
          <p
            className={`flex items-center gap-2 px-2 py-1.5 text-sm ${search.isError && !pending ? "text-amber-200" : "text-slate-300"}`}
          >
            {pending && (
              <span
                className="inline-block h-3 w-3 animate-spin rounded-full border-2 border-slate-500 border-t-mint"
                aria-hidden="true"
              />
            )}
            {status}
          </p>
          {search.isError && !pending ? (
            <a
              href={searchPageHref(debounced)}
              className="block rounded-lg px-2 py-2 text-sm text-mint underline-offset-2 hover:underline"
            >
              Show the results on a page
            </a>
          ) : (
            results.length > 0 && (
              <>
                <ul ref={listRef} className={`space-y-0.5 ${pending ? "opacity-60" : ""}`}>
                  {results.map((item) => (
                    <li key={item.id}>
                      <SearchResultRow item={item} linkProps={{ onKeyDown: onResultKeyDown }} />
                    </li>
                  ))}
                </ul>
                <a
                  href={searchPageHref(debounced)}
                  className="mt-1 block rounded-lg px-2 py-2 text-sm text-mint underline-offset-2 hover:underline"
                >
                  All results for “{debounced}”
                </a>
              </>
            )
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The server's results answer the query in the address bar. Once the box says something
 * else, they no longer answer what is shown there ("No drops match “ab”" under a box that
 * now holds "a"), so they are hidden until the new query is searched. The element is the
 * server's, outside this island: its `hidden` attribute is the one thing set here.
 */
function useHideResultsOnceEdited(resultsId: string | undefined, edited: boolean) {
  useEffect(() => {
    const results = resultsId ? document.getElementById(resultsId) : null;
    if (!results) return;
    results.hidden = edited;
    return () => {
      results.hidden = false;
    };
  }, [resultsId, edited]);
}
