/** "Skip to main content": the first stop of the keyboard on every page, visible once focused. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-full focus:bg-surface focus:px-4 focus:py-2"
    >
      Skip to main content
    </a>
  );
}
