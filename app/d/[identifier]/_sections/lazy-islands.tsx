// The interactive lists below the mint panel (gallery pages, the minted feeds, the
// leaderboards), split from the page's first JavaScript: each is server-rendered as
// always, and its code loads as the page hydrates. The drop page's budget (bench/goals.ts
// drop-page-js) is what a phone downloads before the Mint button works.
"use client";

import dynamic from "next/dynamic";

export const GalleryGrid = dynamic(() => import("./gallery-grid").then((m) => m.GalleryGrid));
export const RecentlyMintedFeed = dynamic(() => import("./recently-minted-feed").then((m) => m.RecentlyMintedFeed));
export const AllMintedExplorer = dynamic(() => import("./all-minted-explorer").then((m) => m.AllMintedExplorer));
export const LeaderboardLists = dynamic(() => import("./leaderboard-lists").then((m) => m.LeaderboardLists));
