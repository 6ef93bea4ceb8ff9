import type { Metadata } from "next";
import Link from "next/link";
import { getConfig } from "@/lib/config";
import { PublicUrlProvider } from "./_components/media-src";
import "./globals.css";

// Read per request (not at build time): metadataBase makes share-image URLs (og:image,
// twitter:image) absolute on the site's public URL, not on the build machine's localhost.
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(getConfig().publicUrl),
    title: { default: "Dropmint", template: "%s · Dropmint" },
    description: "Mint NFT drops on Solana.",
  };
}

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <header className="border-b border-white/10">
          <nav className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3" aria-label="Main">
            <Link href="/" className="text-lg font-bold tracking-tight">
              Drop<span className="text-mint">mint</span>
            </Link>
            <Link href="/docs" className="text-sm text-slate-300 hover:text-white">
              API docs
            </Link>
          </nav>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-8">
          {/* No client providers here: each page loads the ones its islands use (app/providers.tsx on the drop page). */}
          <PublicUrlProvider publicUrl={getConfig().publicUrl}>{children}</PublicUrlProvider>
        </main>
      </body>
    </html>
  );
}
