/**
 * The preview below an editor: a public component rendered on the server
 * from the typed values (nothing saved), framed so it reads as not live yet.
 */
export function PreviewPanel({ id, html }: { id: string; html: string }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3">
      <h2 id={id} className="text-2xl font-bold text-primary-dark">
        Preview: not published yet
      </h2>
      <div
        className="min-w-0 overflow-hidden rounded-2xl border-2 border-dashed border-line bg-canvas"
        // The public page's own components, as HTML made on the server.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
