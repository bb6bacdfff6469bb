import type { ReactNode } from 'react';

/** What a screen shows when it has nothing to list or cannot act yet: says so plainly. */
export function EmptyState({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <section
      role="status"
      className="rounded-2xl border border-dashed border-line bg-panel/60 px-6 py-10 text-center"
    >
      <p className="text-lg font-semibold">{title}</p>
      {hint ? <p className="mx-auto mt-2 max-w-xl text-sm text-muted">{hint}</p> : null}
      {children ? <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </section>
  );
}
