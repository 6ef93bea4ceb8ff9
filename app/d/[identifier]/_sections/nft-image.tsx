// NFT art in a fixed square box: the space is reserved before the image loads, so nothing
// moves when it arrives. Our art is SVG served by the app: a plain <img>.
import type { ReactNode } from "react";
import { MediaImg } from "@/app/_components/media-src";

type NftImageProps = {
  src: string | null;
  /** Empty when a visible caption already names the NFT. */
  alt?: string;
  /** Drawn over the art's corner (e.g. "Unrevealed", "New"). */
  badge?: ReactNode;
  eager?: boolean;
};

export function NftImage({ src, alt = "", badge, eager = false }: NftImageProps) {
  return (
    <div className="relative aspect-square overflow-hidden rounded-lg bg-white/5">
      {src ? (
        <MediaImg
          src={src}
          alt={alt}
          width={320}
          height={320}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <span className="absolute inset-0 grid place-items-center text-xs text-slate-500">No image</span>
      )}
      {badge && <span className="absolute left-1.5 top-1.5 flex gap-1">{badge}</span>}
    </div>
  );
}

export function Badge({ children, tone = "neutral" }: { children: ReactNode; tone?: "neutral" | "mint" | "amber" }) {
  const tones = {
    neutral: "bg-ink/80 text-slate-200",
    mint: "bg-mint text-ink",
    amber: "bg-amber-300 text-ink",
  } as const;
  return (
    <span className={`inline-block rounded px-1.5 py-0.5 text-[11px] font-semibold leading-none ${tones[tone]}`}>
      {children}
    </span>
  );
}
