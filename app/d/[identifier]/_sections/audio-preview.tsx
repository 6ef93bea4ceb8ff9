// A labelled play/pause button for an NFT's audio preview. The <audio> loads nothing until
// played (preload="none": a gallery page must not download 24 tracks), plays only the
// creator's preview window (preview_start_time, preview_duration) when set, and only one
// preview on the page plays at a time.
"use client";

import { useEffect, useRef, useState } from "react";
import { formatDuration } from "@/lib/format";
import { useMediaSrc } from "@/app/_components/media-src";

/** The preview playing now, page-wide: starting another pauses it. */
let playingNow: HTMLAudioElement | null = null;

type Props = { src: string; title: string; startTime: number | null; duration: number | null };

export function AudioPreview({ src, title, startTime, duration }: Props) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const mediaSrc = useMediaSrc();
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const start = startTime !== null && startTime > 0 ? startTime : 0;
  const end = duration !== null && duration > 0 ? start + duration : null;

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      audio?.pause();
      if (playingNow === audio) playingNow = null;
    };
  }, []);

  function toggle() {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    // Outside the preview window (first play, or after it ended): start at its beginning.
    if (audio.currentTime < start || (end !== null && audio.currentTime >= end)) audio.currentTime = start;
    setFailed(false);
    audio.play().catch(() => setFailed(true));
  }

  function onPlay(event: React.SyntheticEvent<HTMLAudioElement>) {
    const audio = event.currentTarget;
    if (playingNow && playingNow !== audio) playingNow.pause();
    playingNow = audio;
    setPlaying(true);
  }

  function stopAtWindowEnd(event: React.SyntheticEvent<HTMLAudioElement>) {
    const audio = event.currentTarget;
    if (end !== null && audio.currentTime >= end) {
      audio.pause();
      audio.currentTime = start;
    }
  }

  return (
    <div className="flex items-center gap-2 px-0.5">
      <button
        type="button"
        onClick={toggle}
        className="inline-flex items-center gap-1.5 rounded-md border border-white/15 px-2 py-1 text-xs font-medium hover:bg-white/10"
      >
        <span aria-hidden="true">{playing ? "❚❚" : "▶"}</span>
        {playing ? "Pause" : "Play"} preview<span className="sr-only"> of {title}</span>
      </button>
      {failed ? (
        <span className="text-xs text-amber-300">Can&apos;t play</span>
      ) : (
        duration !== null &&
        duration > 0 && <span className="text-xs tabular-nums text-slate-400">{formatDuration(duration)}</span>
      )}
      <audio
        ref={audioRef}
        src={mediaSrc(src) ?? undefined}
        preload="none"
        onPlay={onPlay}
        onPause={() => setPlaying(false)}
        onEnded={(event) => {
          setPlaying(false);
          event.currentTarget.currentTime = start;
        }}
        onTimeUpdate={stopAtWindowEnd}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
    </div>
  );
}
