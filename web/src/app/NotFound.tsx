/** A path under /app/ that no screen has: said so, with the way back (never the register in disguise). */
export function NotFound({ onHome }: { onHome: (event: MouseEvent) => void }) {
  return (
    <section class="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Not found</h1>
      <p>There is no page at {location.pathname}.</p>
      <p>
        <a href="/app/" onClick={onHome}>
          Go to the register
        </a>
      </p>
    </section>
  );
}
