// The interactive lists below the mint panel (gallery pages, the minted feeds, the
// leaderboards), split from the page's first JavaScript: each is server-rendered as
// always, and its code loads as the page hydrates. The drop page's budget (bench/goals.ts
// drop-page-js) is what a phone downloads before the Mint button works.
//
// React.lazy rather than next/dynamic: next/dynamic's loader (its preload and client-bailout
// parts) was 1.4 KB gzip of the page's first load. Each island starts loading when this module
// is evaluated. No Suspense boundary, as next/dynamic has none with server rendering: a boundary
// lets React stream a large island (the gallery) out of line, and without JavaScript it would
// never show. So the server renders each island inline (it waits for the code on the first
// request only), and in the browser hydration waits for an island's code, keeping the server's
// HTML meanwhile.
"use client";

import { lazy, useState, type ComponentType } from "react";

/** The island's component, loaded once, eagerly, and lazily rendered until it is there. */
function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const ready = load().then((component) => (loaded = component));
  const Lazy = lazy(async () => ({ default: await ready })) as unknown as ComponentType<P>;
  function Island(props: P) {
    // Chosen once per mount: switching from the lazy type to the loaded one on a later render
    // would remount the island and lose its state (a gallery page, a feed's newer mints).
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Island;
}

export const GalleryGrid = island(() => import("./gallery-grid").then((m) => m.GalleryGrid));
export const RecentlyMintedFeed = island(() => import("./recently-minted-feed").then((m) => m.RecentlyMintedFeed));
export const AllMintedExplorer = island(() => import("./all-minted-explorer").then((m) => m.AllMintedExplorer));
export const LeaderboardLists = island(() => import("./leaderboard-lists").then((m) => m.LeaderboardLists));
