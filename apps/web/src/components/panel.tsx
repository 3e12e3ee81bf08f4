import type { ReactNode } from 'react';

/**
 * A titled card: `<section class="panel">` named by its `<h2>` for screen readers. `id` names the
 * heading (`{id}-h`), which links and tests may point at.
 */
export function Panel({
  id,
  title,
  headingClassName,
  children,
}: {
  id: string;
  title: ReactNode;
  headingClassName?: string;
  children?: ReactNode;
}) {
  const headingId = `${id}-h`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
