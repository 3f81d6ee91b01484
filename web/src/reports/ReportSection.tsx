import type { ComponentChildren } from 'preact';
import type { Section } from './use-section.js';

/**
 * One card of the Reports page in its own state (issue 26): drawn from its answer, a loading
 * placeholder, or its own error with "Try again" (and when it asks again by itself); the other
 * cards are not affected.
 */
export function ReportSection<T>({ section, title, wide, children }: { section: Section<T>; title: string; wide?: boolean; children: (data: T) => ComponentChildren }) {
  if (section.data !== null) return <>{children(section.data)}</>;
  const card = `report-card${wide ? ' wide' : ''}`;
  if (!section.failed) {
    return (
      <section class={card} aria-label={title} aria-busy="true">
        <h2>{title}</h2>
        <div class="skeleton" role="status" aria-label={`Loading ${title.toLowerCase()}`} />
      </section>
    );
  }
  return (
    <section class={card} aria-label={title}>
      <h2>{title}</h2>
      <p class="field-error" role="alert">
        {section.problem ? `Could not be read: ${section.problem.detail}.` : 'Could not be read: Moneta did not answer.'}
        {section.retryIn !== null && ` Asking again in ${section.retryIn} s.`}{' '}
        <button type="button" class="button" onClick={section.retry}>
          Try again
        </button>
      </p>
    </section>
  );
}

/** Two sections drawn as one card (the period chart needs both). */
export function bothSections<A, B>(a: Section<A>, b: Section<B>): Section<[A, B]> {
  const failed = a.failed || b.failed;
  const first = a.failed ? a : b;
  return {
    data: a.data !== null && b.data !== null ? [a.data, b.data] : null,
    loading: a.loading || b.loading,
    failed,
    problem: failed ? first.problem : null,
    retryIn: failed ? first.retryIn : null,
    retry: () => {
      if (a.failed) a.retry();
      if (b.failed) b.retry();
    },
  };
}
