// Draws a ShareCard as a 1200×630 PNG with next/og (Satori: flexbox only, inline styles, the
// bundled Geist font — no font is fetched). Dark card: the art on the left, the words right.
import { ImageResponse } from "next/og";
import type { ShareCard } from "./share-card";

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const INK = "#0b1020";
const MINT = "#34d399";
const MUTED = "#94a3b8";
const ART = 470;
const PADDING = 80;
const GAP = 64;
/** The text column: what is left beside the art. Satori wraps text only within a set width. */
const TEXT_WIDTH = SHARE_IMAGE_SIZE.width - 2 * PADDING - ART - GAP;

export function shareImageResponse(card: ShareCard): ImageResponse {
  const drawn =
    card.kind === "brand" ? (
      <BrandCard />
    ) : card.kind === "collector" ? (
      <CollectorShareCard card={card} />
    ) : (
      <DropShareCard card={card} />
    );
  return new ImageResponse(drawn, {
    ...SHARE_IMAGE_SIZE,
    // Live data: a crawler should re-read it now and then, not keep it forever.
    headers: { "cache-control": "public, max-age=300, stale-while-revalidate=3600" },
  });
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        padding: PADDING,
        gap: GAP,
        color: "#f1f5f9",
        backgroundColor: INK,
        backgroundImage: "radial-gradient(circle at 85% 10%, rgba(52,211,153,0.18), rgba(11,16,32,0) 55%)",
      }}
    >
      {children}
    </div>
  );
}

function Wordmark({ size = 30 }: { size?: number }) {
  // Satori leaves a gap between adjacent text runs; the negative margin closes it.
  return (
    <div style={{ display: "flex", fontSize: size }}>
      <span>Drop</span>
      <span style={{ color: MINT, marginLeft: -0.11 * size }}>mint</span>
    </div>
  );
}

function Art({ src }: { src: string | null }) {
  const box = { width: ART, height: ART, borderRadius: 28, flexShrink: 0 } as const;
  return src ? (
    // eslint-disable-next-line @next/next/no-img-element
    <img src={src} width={ART} height={ART} alt="" style={box} />
  ) : (
    <div style={{ ...box, display: "flex", backgroundImage: "linear-gradient(135deg, #334155, #1e1b4b)" }} />
  );
}

function VerifiedMark() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" style={{ flexShrink: 0 }}>
      <circle cx="12" cy="12" r="11" fill={MINT} />
      <path
        d="M6.5 12.5l3.5 3.5 7.5-8"
        fill="none"
        stroke={INK}
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ShortLink({ path }: { path: string }) {
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 14, fontSize: 28, color: MUTED }}>
      <Wordmark size={28} />
      <span>{path}</span>
    </div>
  );
}

/** A collector's card: the avatar in a disc on the left; name, rank and counts right. */
function CollectorShareCard({ card }: { card: Extract<ShareCard, { kind: "collector" }> }) {
  const nameSize = card.name.length <= 12 ? 72 : card.name.length <= 20 ? 60 : 50;
  const disc = { width: ART, height: ART, borderRadius: ART / 2, flexShrink: 0 } as const;
  return (
    <Frame>
      {card.avatar ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={card.avatar} width={ART} height={ART} alt="" style={disc} />
      ) : (
        <div style={{ ...disc, display: "flex", backgroundImage: `linear-gradient(135deg, ${MINT}, #6366f1)` }} />
      )}
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          width: TEXT_WIDTH,
          height: ART,
        }}
      >
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          <div style={{ display: "flex", fontSize: 26, color: MUTED }}>Collector</div>
          <span style={{ fontSize: nameSize, lineHeight: 1.1, letterSpacing: -1, maxWidth: TEXT_WIDTH }}>
            {card.name}
          </span>
          <div style={{ display: "flex", fontSize: 36, color: MINT }}>{card.rank}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 28 }}>
          <div style={{ display: "flex", fontSize: 30, color: "#e2e8f0" }}>{card.counts}</div>
          <ShortLink path={card.path} />
        </div>
      </div>
    </Frame>
  );
}

function DropShareCard({ card }: { card: Extract<ShareCard, { kind: "drop" | "coming-soon" }> }) {
  const nameSize = card.name.length <= 12 ? 72 : card.name.length <= 20 ? 60 : card.name.length <= 32 ? 50 : 42;
  return (
    <Frame>
      <Art src={card.art} />
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          width: TEXT_WIDTH,
          height: ART,
        }}
      >
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          {card.kind === "coming-soon" ? (
            <div style={{ display: "flex" }}>
              <span
                style={{ fontSize: 26, color: INK, backgroundColor: "#fcd34d", borderRadius: 999, padding: "6px 18px" }}
              >
                Coming soon
              </span>
            </div>
          ) : (
            <div style={{ display: "flex", fontSize: 26, color: card.status.startsWith("Minting") ? MINT : "#cbd5e1" }}>
              {card.status}
            </div>
          )}
          <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
            <span style={{ fontSize: nameSize, lineHeight: 1.1, letterSpacing: -1, maxWidth: TEXT_WIDTH - 56 }}>
              {card.name}
            </span>
            {card.kind === "drop" && card.isVerified && <VerifiedMark />}
          </div>
          {card.kind === "drop" && card.price && (
            <div style={{ display: "flex", fontSize: 44, color: MINT }}>{card.price}</div>
          )}
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 28 }}>
          {card.kind === "drop" && (
            <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
              <div style={{ display: "flex", fontSize: 30, color: "#e2e8f0" }}>{card.progress}</div>
              {card.percent !== null && (
                <div
                  style={{
                    display: "flex",
                    width: "100%",
                    height: 14,
                    borderRadius: 7,
                    backgroundColor: "rgba(255,255,255,0.12)",
                  }}
                >
                  <div
                    style={{
                      display: "flex",
                      width: `${Math.max(card.percent, card.percent > 0 ? 2 : 0)}%`,
                      height: 14,
                      borderRadius: 7,
                      backgroundColor: MINT,
                    }}
                  />
                </div>
              )}
            </div>
          )}
          {card.kind === "coming-soon" && (
            <div style={{ display: "flex", fontSize: 30, color: "#e2e8f0" }}>A new drop is on its way.</div>
          )}
          <ShortLink path={card.path} />
        </div>
      </div>
    </Frame>
  );
}

/** The site's own card: the home page, and any link to a drop that does not exist. */
function BrandCard() {
  const tiles = ["#f9a8d4", "#818cf8", "#22d3ee", "#a855f7", "#fde68a", "#34d399", "#fb923c", "#3b82f6", "#4c1d95"];
  return (
    <Frame>
      <div style={{ display: "flex", flexWrap: "wrap", width: ART, height: ART, gap: 20, flexShrink: 0 }}>
        {tiles.map((color, i) => (
          <div
            key={color}
            style={{
              display: "flex",
              width: 143,
              height: 143,
              borderRadius: 24,
              backgroundImage: `linear-gradient(135deg, ${color}, ${tiles[(i + 4) % tiles.length]})`,
            }}
          />
        ))}
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 24, width: TEXT_WIDTH }}>
        <Wordmark size={96} />
        <div style={{ display: "flex", fontSize: 40, color: "#cbd5e1", lineHeight: 1.3 }}>
          Mint NFT drops on Solana.
        </div>
        <div style={{ display: "flex", fontSize: 30, color: MUTED }}>Live mints, upcoming drops, what is trending.</div>
      </div>
    </Frame>
  );
}
