// An NFT's art with its animation, when it has one of the site's own (Sugar's N.mp4, .mov,
// .webm, .glb or .mp3 beside the image): a video plays in the art's square box, muted and
// looping, with the image as its poster; an audio file gets a player under the image; a 3D
// model keeps the image with a link to the .glb (a 3D viewer would add far more script than
// the rest of the page). The site's own files are played from site-relative paths: the page
// may be opened at another host name than the configured public address.
import type { ReactNode } from "react";
import { animationKindOf, sameOriginMediaPath } from "@/lib/domain/animation-formats";
import { NftImage } from "./nft-image";

type Props = { image: string | null; animationUrl: string | null; name: string; badge?: ReactNode };

export function NftMedia({ image, animationUrl, name, badge }: Props) {
  // The site's own file by its path; a bucket's (or a link the creator kept) only over https.
  const animation = sameOriginMediaPath(animationUrl) ?? (animationUrl?.startsWith("https://") ? animationUrl : null);
  const kind = animation ? animationKindOf(animation) : null;
  if (!animation || !kind) return <NftImage src={image} badge={badge} />;
  if (kind === "video")
    return (
      <div className="relative aspect-square overflow-hidden rounded-lg bg-white/5">
        <video
          src={animation}
          poster={sameOriginMediaPath(image) ?? image ?? undefined}
          controls
          playsInline
          muted
          // React sets `muted` as a property, which a server-rendered video does not get on hydration.
          ref={muteOnMount}
          loop
          preload="metadata"
          aria-label={`${name} (video)`}
          className="h-full w-full object-cover"
        />
        {badge && <span className="absolute left-1.5 top-1.5 flex gap-1">{badge}</span>}
      </div>
    );
  return (
    <div className="flex flex-col gap-1.5">
      <NftImage src={image} badge={badge} />
      {kind === "audio" ? (
        <audio src={animation} controls preload="none" aria-label={`${name} (audio)`} className="h-8 w-full" />
      ) : (
        <a href={animation} download className="px-0.5 text-xs text-sky-300 underline underline-offset-2">
          3D model (.glb)<span className="sr-only"> of {name}</span>
        </a>
      )}
    </div>
  );
}

function muteOnMount(video: HTMLVideoElement | null) {
  if (video) video.muted = true;
}
