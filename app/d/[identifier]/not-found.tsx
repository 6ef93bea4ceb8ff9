// A short link that matches no drop.
import Link from "next/link";

export default function DropNotFound() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-xl space-y-4 py-16 text-center">
      <h1 id="not-found-title" className="text-3xl font-bold">
        Drop not found
      </h1>
      <p className="text-slate-300">No drop matches this link. It may have been mistyped, or the drop was removed.</p>
      <p>
        <Link href="/" className="font-semibold text-mint underline-offset-4 hover:underline">
          See the drops on Dropmint
        </Link>
      </p>
    </section>
  );
}
