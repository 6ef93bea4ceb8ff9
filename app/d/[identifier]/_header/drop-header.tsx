// The drop's identity, server-rendered: banner, art, name, symbol, verified badge and the
// creator's links. Every image sits in a box of fixed size, so nothing moves as it loads.
import type { CollectionResponse } from "@/lib/schemas/collection";
import { MediaImg } from "@/app/_components/media-src";
import { socialLinks, type SocialLink } from "./labels";

type Props = { collection: CollectionResponse["collection"] };

export function DropHeader({ collection }: Props) {
  const name = collection.name ?? "Untitled drop";
  const links = socialLinks(collection);
  return (
    <header>
      <span id="new-tab-hint" hidden>
        Opens in a new tab
      </span>
      <Banner src={collection.bannerImage} />
      <div className="mt-4 flex flex-row items-center gap-4 px-1 sm:mt-0 sm:items-end sm:gap-6 sm:px-4">
        <Art src={collection.image} name={name} />
        <div className="min-w-0 flex-1 space-y-2 pb-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 id="drop-title" className="text-3xl font-bold tracking-tight break-words sm:text-4xl">
              {name}
            </h1>
            {collection.isVerified && <VerifiedBadge />}
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-400">
            {collection.symbol && (
              <span className="rounded-md border border-white/10 px-2 py-0.5 font-mono text-xs tracking-wider text-slate-300">
                <span className="sr-only">Symbol </span>
                {collection.symbol}
              </span>
            )}
            {links.length > 0 && (
              <ul className="flex flex-wrap items-center gap-x-4 gap-y-2" aria-label="Creator links">
                {links.map((link) => (
                  <li key={link.kind}>
                    <SocialAnchor link={link} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

function Banner({ src }: { src: string | null }) {
  return (
    // The box keeps the banner's 3:1 shape (the usual 1500×500) with or without an image.
    <div
      data-testid="drop-banner"
      className="relative aspect-[3/1] overflow-hidden rounded-2xl bg-gradient-to-br from-mint/25 via-sky-500/10 to-fuchsia-500/25"
    >
      {src && (
        <MediaImg
          src={src}
          alt=""
          width={1500}
          height={500}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </div>
  );
}

/**
 * The cover. From 640 px it overlaps the banner's lower-left corner; on a phone the banner
 * is too short for that (it covered the title drawn in the banner), so the cover sits below
 * it, beside the drop's name.
 */
function Art({ src, name }: { src: string | null; name: string }) {
  const box =
    "relative aspect-square w-20 shrink-0 overflow-hidden rounded-2xl bg-slate-800 shadow-2xl ring-4 ring-ink sm:-mt-20 sm:w-40 lg:w-48";
  if (!src) return <div aria-hidden="true" className={box} />;
  return <MediaImg src={src} alt={`${name} artwork`} width={384} height={384} className={`${box} object-cover`} />;
}

function VerifiedBadge() {
  return (
    <span
      role="img"
      aria-label="Verified creator"
      title="Verified creator"
      className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-mint/15 text-mint"
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.4 6.3a1 1 0 0 0-1.4-1.4L8.5 11.4 5.7 8.6a1 1 0 1 0-1.4 1.4l3.5 3.5a1 1 0 0 0 1.4 0l7.2-7.2Z"
          clipRule="evenodd"
        />
      </svg>
    </span>
  );
}

function SocialAnchor({ link }: { link: SocialLink }) {
  return (
    <a
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby="new-tab-hint"
      className="inline-flex items-center gap-1.5 rounded-md text-slate-300 underline-offset-4 hover:text-white hover:underline"
    >
      <SocialIcon kind={link.kind} />
      {link.label}
    </a>
  );
}

function SocialIcon({ kind }: { kind: SocialLink["kind"] }) {
  const common = { viewBox: "0 0 24 24", className: "h-4 w-4", "aria-hidden": true } as const;
  if (kind === "twitter") {
    return (
      <svg {...common} fill="currentColor">
        <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.3l4.4 5.9L17.8 3Zm-1.1 16.2h1.7L7.3 4.7H5.5l11.2 14.5Z" />
      </svg>
    );
  }
  if (kind === "discord") {
    return (
      <svg {...common} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        <path d="M7 7.5c3.3-1.3 6.7-1.3 10 0M7 16.5c3.3 1.3 6.7 1.3 10 0" />
        <path d="M8.5 5 7 7.5C5 10.5 4.5 13.5 5 17l2.5 1.5L9 16.5M15.5 5 17 7.5c2 3 2.5 6 2 9.5l-2.5 1.5-1.5-2" />
        <circle cx="9.5" cy="12" r="1" fill="currentColor" />
        <circle cx="14.5" cy="12" r="1" fill="currentColor" />
      </svg>
    );
  }
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
    </svg>
  );
}
