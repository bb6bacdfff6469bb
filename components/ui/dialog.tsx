'use client';

import { lazy, Suspense, useState, type ComponentProps } from 'react';

const loadDialogView = () => import('./dialog-view');
const DialogView = lazy(() => loadDialogView().then((module) => ({ default: module.DialogView })));

/** Starts loading the dialog's code before it is needed (on the hover or focus of a button that opens one). */
export function preloadDialog(): void {
  void loadDialogView();
}

/**
 * An accessible modal dialog: focus is trapped, Escape closes it, the title names it. A closed dialog
 * renders nothing, so the Radix code behind it (components/ui/dialog-view.tsx) is loaded the first time
 * it opens, not with the page; once loaded it stays mounted, so closing keeps Radix's own behaviour.
 */
export function Dialog(props: ComponentProps<typeof DialogView>) {
  const [used, setUsed] = useState(props.open);
  // Adjusting state during render (React's documented pattern): the dialog is mounted from its first open.
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} />
    </Suspense>
  );
}
