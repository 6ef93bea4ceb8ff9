// A drop before launch: its teaser (name, art, banner) and what is happening, in words.
// Deliberately nothing else: the pre-launch envelope carries nothing unpublished (no
// description, schedule, supply or price), and the page shows no more than the API does.
import type { PreLaunchCollection } from "@/lib/schemas/public-collection";
import { MediaImg } from "@/app/_components/media-src";

const WORDS: Record<PreLaunchCollection["status"], { badge: string; sentence: string }> = {
  coming_soon: {
    badge: "Coming soon",
    sentence: "This drop has not launched yet. Its details and the mint open here when the creator launches it.",
  },
  deploying: {
    badge: "Launching",
    sentence: "This drop is being deployed on chain. The mint opens here in a few minutes.",
  },
  maintenance: {
    badge: "Paused for maintenance",
    sentence: "The creator is updating this drop. Minting resumes here when they are done.",
  },
};

export function ComingSoon({ teaser }: { teaser: PreLaunchCollection }) {
  const { collection, status } = teaser;
  const name = collection.name ?? "Untitled drop";
  const words = WORDS[status];
  return (
    <article
      aria-labelledby="drop-title"
      data-testid="pre-launch"
      data-launch-status={status}
      className="overflow-hidden rounded-3xl border border-white/10 bg-white/[0.02]"
    >
      <div className="relative aspect-[3/1] bg-gradient-to-br from-mint/20 via-sky-500/10 to-fuchsia-500/20">
        {collection.bannerImage && (
          <MediaImg
            src={collection.bannerImage}
            alt=""
            width={1500}
            height={500}
            fetchPriority="high"
            className="absolute inset-0 h-full w-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-col items-center gap-5 px-6 pb-14 text-center sm:pb-20">
        {collection.image ? (
          <MediaImg
            src={collection.image}
            alt={`${name} artwork`}
            width={384}
            height={384}
            className="relative -mt-16 aspect-square w-36 rounded-2xl object-cover shadow-2xl ring-4 ring-ink sm:-mt-28 sm:w-56"
          />
        ) : (
          <div
            aria-hidden="true"
            className="relative -mt-16 aspect-square w-36 rounded-2xl bg-slate-800 ring-4 ring-ink sm:-mt-28 sm:w-56"
          />
        )}
        <p className="rounded-full border border-mint/40 bg-mint/10 px-3 py-1 text-sm font-semibold tracking-wide text-mint uppercase">
          {words.badge}
        </p>
        <h1 id="drop-title" className="text-4xl font-bold tracking-tight break-words sm:text-5xl">
          {name}
        </h1>
        <p className="max-w-xl text-lg text-slate-300">{words.sentence}</p>
      </div>
    </article>
  );
}
