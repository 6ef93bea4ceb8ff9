// The drop page's shape while it loads: the same boxes, at the same sizes, as the page itself
// (banner, art, title, price and supply, mint column, phases), so nothing jumps when it lands.
export function DropSkeleton() {
  const block = "rounded-xl bg-white/[0.06] motion-safe:animate-pulse";
  return (
    <div role="status" aria-label="Loading the drop" className="space-y-10">
      <div>
        <div className={`aspect-[3/1] rounded-2xl ${block}`} />
        <div className="flex flex-col gap-4 px-1 sm:flex-row sm:items-end sm:gap-6 sm:px-4">
          <div className="relative -mt-12 aspect-square w-28 shrink-0 rounded-2xl bg-slate-800 ring-4 ring-ink sm:-mt-20 sm:w-40 lg:w-48" />
          <div className="flex-1 space-y-3 pb-1">
            <div className={`h-9 w-2/3 max-w-sm sm:h-10 ${block}`} />
            <div className={`h-5 w-48 ${block}`} />
          </div>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-10 lg:gap-y-8">
        <div className="space-y-5 lg:col-start-1 lg:row-start-1">
          <div className="space-y-2">
            <div className={`h-4 w-full max-w-prose ${block}`} />
            <div className={`h-4 w-5/6 max-w-prose ${block}`} />
          </div>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className={`h-[5.25rem] ${block}`} />
            <div className={`h-[5.25rem] ${block}`} />
          </div>
        </div>
        <div className={`h-80 rounded-2xl lg:col-start-2 lg:row-span-2 lg:row-start-1 ${block}`} />
        <div className="space-y-3 lg:col-start-1 lg:row-start-2">
          <div className={`h-8 w-32 ${block}`} />
          {[0, 1, 2].map((i) => (
            <div key={i} className={`h-40 ${block}`} />
          ))}
        </div>
      </div>
      <span className="sr-only">Loading the drop…</span>
    </div>
  );
}
