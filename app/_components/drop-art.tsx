import { MediaImg } from "./media-src";

// A drop's art filling a box the caller sizes (square, fixed), or a neutral block when it has none.
/** `eager` for art above the fold (the first row of the page); everything else loads lazily. */
export function DropArt({ image, size, eager = false }: { image: string | null; size: number; eager?: boolean }) {
  return image ? (
    // The box is square and sized by the layout, so nothing moves when the image arrives.
    <MediaImg
      src={image}
      alt=""
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="h-full w-full object-cover"
    />
  ) : (
    <div className="h-full w-full bg-linear-to-br from-slate-700 to-slate-900" aria-hidden="true" />
  );
}
