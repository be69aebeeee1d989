export function SectionHeading({ id, heading, intro }: { id: string; heading: string; intro: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="text-3xl font-bold text-primary-dark">
        {heading}
      </h2>
      <p className="mt-3 text-lg text-muted">{intro}</p>
    </div>
  );
}
