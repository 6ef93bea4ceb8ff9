// Mints per minute as a live chart, drawn by uPlot (pinned; about 50 KB, canvas, made for
// streaming time series). It is loaded only by this studio page, after hydration, so neither
// the public pages nor this page's first paint carry it. New data goes in with setData: the
// chart is built once and never re-created on a poll.
"use client";

import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

type Point = { minute: string; count: number };

function toData(points: readonly Point[]): uPlot.AlignedData {
  return [points.map((p) => Date.parse(p.minute) / 1000), points.map((p) => p.count)];
}

export function MintsChart({ points }: { points: readonly Point[] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // What the chart shows once uPlot has loaded (polls may land before it does).
  const latest = useRef(points);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    void import("uplot").then(({ default: UPlot }) => {
      const element = host.current;
      if (cancelled || !element) return;
      const width = () => Math.max(280, element.clientWidth);
      chart.current = new UPlot(
        {
          width: width(),
          height: 220,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          legend: { show: false },
          cursor: { points: { show: false } },
          scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            { stroke: "#94a3b8", grid: { stroke: "rgba(255,255,255,0.06)" } },
            {
              stroke: "#94a3b8",
              grid: { stroke: "rgba(255,255,255,0.06)" },
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500],
            },
          ],
          series: [
            {},
            {
              label: "Mints",
              stroke: "#34d399",
              fill: "rgba(52,211,153,0.25)",
              paths: UPlot.paths.bars!({ size: [0.8, 12] }),
              points: { show: false },
            },
          ],
        },
        toData(latest.current),
        element,
      );
      observer = new ResizeObserver(() => chart.current?.setSize({ width: width(), height: 220 }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = points;
    chart.current?.setData(toData(points));
  }, [points]);

  const total = points.reduce((sum, p) => sum + p.count, 0);
  return (
    <figure>
      <div ref={host} data-testid="mints-chart" data-total={total} className="min-h-[220px] w-full" />
      <figcaption className="mt-1 text-xs text-slate-400">
        Mints per minute (UTC), {total} in the window shown
      </figcaption>
    </figure>
  );
}
