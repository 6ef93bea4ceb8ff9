// The site's public URL for client components, so every <img> and <audio> of our own media
// uses a same-origin path (lib/domain/media-src.ts). The root layout provides it from the config.
"use client";

import { createContext, useCallback, useContext, type ImgHTMLAttributes, type ReactNode } from "react";
import { sameOriginSrc } from "@/lib/domain/media-src";

const PublicUrlContext = createContext<string | null>(null);

export function PublicUrlProvider({ publicUrl, children }: { publicUrl: string; children: ReactNode }) {
  return <PublicUrlContext.Provider value={publicUrl}>{children}</PublicUrlContext.Provider>;
}

/** Maps a media URL of a response to what a page should load. */
export function useMediaSrc(): (url: string | null | undefined) => string | null {
  const publicUrl = useContext(PublicUrlContext);
  return useCallback(
    (url: string | null | undefined) => (publicUrl ? sameOriginSrc(url, publicUrl) : (url ?? null)),
    [publicUrl],
  );
}

type MediaImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string };

/** An <img> of a response's media URL, loaded same-origin. Our art is SVG: next/image adds nothing. */
export function MediaImg({ src, alt, ...rest }: MediaImgProps) {
  const mediaSrc = useMediaSrc();
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={mediaSrc(src) ?? undefined} alt={alt} {...rest} />;
}
