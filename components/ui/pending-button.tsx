import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A button that is disabled while its action runs and says so: a spinner, the pending label, and
 * `aria-busy` for assistive technology.
 */
export function PendingButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button {...props} disabled={disabled || pending} aria-busy={pending || undefined}>
      {pending ? (
        <>
          <span
            aria-hidden="true"
            className="mr-2 inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
          />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
