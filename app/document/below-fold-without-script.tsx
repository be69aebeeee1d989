/**
 * For the document's <head>, on every page: without JavaScript nothing lays
 * the skipped `below-fold` sections out on the first key press
 * (below-fold.tsx), so they are not skipped at all. A file of its own so that
 * the root's chunk carries it and the key-press hook stays in the pages that
 * use it.
 */
export function BelowFoldWithoutScript() {
  return (
    <noscript>
      <style>{".below-fold{content-visibility:visible}"}</style>
    </noscript>
  );
}
