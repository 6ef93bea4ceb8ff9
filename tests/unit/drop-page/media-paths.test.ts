// Pages render the site's own media by path (issue 24, item 4): the API's absolute URL on
// PUBLIC_URL would be refused by the CSP ('self') on a page opened at another address.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PublicUrlProvider } from "@/app/_components/media-src";
import { DropArt } from "@/app/_components/drop-art";
import { NftImage } from "@/app/d/[identifier]/_sections/nft-image";
import { AudioPreview } from "@/app/d/[identifier]/_sections/audio-preview";
import RootLayout from "@/app/layout";
import { FairnessNote } from "@/app/d/[identifier]/_header/fairness-note";
import { getConfig } from "@/lib/config";

const SITE = "http://localhost:3000";
const onSite = (element: ReactNode) => renderToStaticMarkup(PublicUrlProvider({ publicUrl: SITE, children: element }));

describe("media on pages", () => {
  it("drop art, NFT images and audio previews load the site's own files by path", () => {
    expect(onSite(createElement(DropArt, { image: `${SITE}/art/aurora/cover.svg`, size: 40 }))).toContain(
      'src="/art/aurora/cover.svg"',
    );
    expect(onSite(createElement(NftImage, { src: `${SITE}/art/sprites/7.svg` }))).toContain('src="/art/sprites/7.svg"');
    const audio = createElement(AudioPreview, {
      src: `${SITE}/media/tracks/1.mp3`,
      title: "Track",
      startTime: null,
      duration: null,
    });
    expect(onSite(audio)).toContain('src="/media/tracks/1.mp3"');
  });

  it("leave media hosted elsewhere at its URL", () => {
    expect(onSite(createElement(DropArt, { image: "https://arweave.net/abc", size: 40 }))).toContain(
      'src="https://arweave.net/abc"',
    );
  });

  it("the root layout hands every page the configured public URL", () => {
    const art = createElement(DropArt, { image: `${getConfig().publicUrl}/art/aurora/cover.svg`, size: 40 });
    expect(renderToStaticMarkup(RootLayout({ children: art }))).toContain('src="/art/aurora/cover.svg"');
  });

  it("the fairness note links its verification script on this site by path", () => {
    const fairness = {
      algorithm: "dropmint-fair-order-v1" as const,
      commitment: "a".repeat(64),
      seed: null,
      tokenIds: { from: 1, to: 10 },
      verifyScript: `${getConfig().publicUrl}/fair/verify.mjs`,
    };
    expect(renderToStaticMarkup(createElement(FairnessNote, { fairness }))).toContain('href="/fair/verify.mjs"');
  });
});
