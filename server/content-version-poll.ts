import type { Db } from "~/db/client.server";
import { readContentVersion } from "~/features/content/content-version.server";
import type { PageCache } from "./page-cache";

// How often an instance checks whether another one changed the content: a published change shows on every
// instance within 1 s (issue 19; decision 0038). One primary-key read of a one-row table, twice a second.
export const CONTENT_VERSION_POLL_MS = 500;

/**
 * Keeps the page cache on the content version of the database: every 0.5 s it
 * reads the `content_version` row (another instance may have changed the
 * content), and `contentChanged` sets a version this instance has just
 * committed at once. A poll that began before such a change is ignored when
 * it comes back, so it never takes the cache back to the older version.
 */
export function startContentVersionPoll(db: Db, cache: PageCache, everyMs = CONTENT_VERSION_POLL_MS) {
  let changes = 0;
  const timer = setInterval(() => {
    const seen = changes;
    readContentVersion(db).then(
      (version) => {
        if (seen === changes) cache.setVersion(version);
      },
      () => {},
    );
  }, everyMs);
  timer.unref();
  return {
    contentChanged(version: string) {
      changes += 1;
      cache.setVersion(version);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
