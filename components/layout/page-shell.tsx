import type { ReactNode } from 'react';
import { pageKindOf } from '@/lib/routes';

/**
 * The frame of one screen. Game pages are marked as games and lobbies as full width (spec section 2)
 * through `data-page-kind`, which the layout's width and the header's compact mode follow.
 */
export function PageShell({
  path,
  title,
  description,
  children,
  actions,
}: {
  path: string;
  title: string;
  description?: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const kind = pageKindOf(path);
  const width = kind === 'fullWidth' ? 'max-w-none' : kind === 'game' ? 'max-w-6xl' : 'max-w-4xl';
  return (
    <div data-page-kind={kind} className={`mx-auto w-full ${width} px-4 py-6 sm:px-6`}>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
          {description ? <p className="mt-1 max-w-2xl text-muted">{description}</p> : null}
        </div>
        {actions}
      </header>
      {/* Not in a Suspense boundary: the body's async parts would complete after the page's shell and be
          streamed after it (a hidden copy swapped in by a script React may hold back), so the page would
          first paint without its body. In the shell it is in the HTML in place. */}
      {children}
    </div>
  );
}
