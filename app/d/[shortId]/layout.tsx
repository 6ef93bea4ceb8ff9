// Resolves the link before the page streams: a link to no drop answers 404 and a UUID or
// on-chain address answers 308 to the short link. Inside loading.tsx's boundary the page
// could only do so after a 200 had been sent.
import type { ReactNode } from "react";
import { resolveDropLink } from "./load-drop";

export default async function DropLinkLayout({ children, params }: { children: ReactNode; params: Promise<{ shortId: string }> }) {
  await resolveDropLink((await params).shortId);
  return children;
}
