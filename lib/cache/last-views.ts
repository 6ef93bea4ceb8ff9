// The last answer built from a cached value, answered again while nothing else it depends on
// has changed. A read often serves a cached value plus something worked out per request (a
// drop's standing as of now, whether an NFT is revealed yet), so it built a fresh object every
// time, and the route checked it against its schema and wrote it out every time. A frozen
// answer that is the same object keeps its checked text (lib/api/route.ts).
export class LastViews<V extends object> {
  readonly #views = new WeakMap<object, { key: string; view: V }>();

  /**
   * The view of `source` (a cached value, so the same object until it changes) for `key` (what
   * else the view depends on, as text): the last one when the key is the same, else `build()`,
   * frozen and kept for next time.
   */
  of(source: object, key: string, build: () => V): V {
    const last = this.#views.get(source);
    if (last?.key === key) return last.view;
    const view = Object.freeze(build());
    this.#views.set(source, { key, view });
    return view;
  }
}
