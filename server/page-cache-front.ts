import type { IncomingMessage, ServerResponse } from "node:http";
import { isCacheableRequest, type CacheEntry, type PageCache } from "./page-cache";
import { splitTarget } from "./page-cache-key";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

// How many paths the front remembers as "answered without an entry" (assets, 404s, /healthz…).
const MAX_UNCACHED_PATHS = 1000;

/**
 * The front's page-cache step: a hit is answered at once; a miss goes on to
 * `render` (Express and React Router), and concurrent misses for the same
 * entry wait for that one render instead of making their own: a burst of ad
 * clicks on a page that just left the cache (a content change empties it)
 * renders it once. Until a path has been stored once its parameters are
 * unknown, so every miss on the path waits for the first render, then looks
 * again with what that render taught.
 */
export function createPageCacheFront(options: {
  cache: PageCache;
  sendHit: (req: IncomingMessage, res: ServerResponse, entry: CacheEntry) => void;
  render: Handler;
}): Handler {
  const { cache, sendHit, render } = options;
  /** Renders in progress, by the key they will store (or by path while its rule is unknown). */
  const waiting = new Map<string, ((lookAgain: boolean) => void)[]>();
  /**
   * Paths whose last render kept nothing: their misses do not wait for each
   * other (requests for assets would otherwise queue behind one another).
   */
  const uncached = new Set<string>();

  const serve: Handler = (req, res) => {
    const target = req.url ?? "/";
    const entry = cache.lookup(target);
    if (entry) {
      sendHit(req, res, entry);
      return;
    }
    const { pathname } = splitTarget(target);
    // A path with a rule has been stored before: worth waiting for, whatever its last render did.
    if (uncached.has(pathname) && !cache.ruleFor(pathname)) {
      render(req, res);
      return;
    }
    const group = cache.keyOf(target) ?? pathname;
    const followers = waiting.get(group);
    if (followers) {
      followers.push((lookAgain) => {
        if (res.destroyed) return;
        // A render that kept nothing (a 404, a page drawn while the database was away) would
        // keep nothing for them either: they render now, side by side, not one after another.
        if (lookAgain) serve(req, res);
        else render(req, res);
      });
      return;
    }
    const mine: ((lookAgain: boolean) => void)[] = [];
    waiting.set(group, mine);
    // Without an entry (or before the store, if a client is slow to read) the end of the answer says
    // the render is done; only a finished one says something about the path (a client may go away).
    res.once("close", () => {
      if (waiting.get(group) !== mine) return;
      waiting.delete(group);
      if (cache.lookup(target)) {
        uncached.delete(pathname);
        wake(mine, true);
      } else {
        if (res.writableFinished) remember(pathname);
        // An interrupted render: they look again, and one of them renders for the others.
        wake(mine, !res.writableFinished);
      }
    });
    render(req, res);
  };

  // A stored entry wakes whoever waits for it at once, not when its first visitor has read it all.
  cache.onStore((pathname, key) => {
    uncached.delete(pathname);
    for (const group of [key, pathname]) {
      const followers = waiting.get(group);
      if (followers) {
        waiting.delete(group);
        wake(followers, true);
      }
    }
  });

  const wake = (followers: ((lookAgain: boolean) => void)[], lookAgain: boolean) => {
    for (const follow of followers) follow(lookAgain);
  };

  const remember = (pathname: string) => {
    uncached.delete(pathname);
    if (uncached.size >= MAX_UNCACHED_PATHS) {
      const oldest = uncached.values().next().value;
      if (oldest !== undefined) uncached.delete(oldest);
    }
    uncached.add(pathname);
  };

  return (req, res) => {
    if (cache.enabled && isCacheableRequest(req)) serve(req, res);
    else render(req, res);
  };
}
