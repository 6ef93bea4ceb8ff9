// Whether React has hydrated this page. A button rendered on the server is in the page
// before its handler is attached: a click in that moment does nothing and is lost. Controls
// that would lose a click stay disabled until this says true.
"use client";

import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
