/**
 * What a section shows when its data could not be loaded: the message and a button that asks again.
 * Announced to screen readers (role="alert").
 */
export function LoadError({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-2xl border border-danger/60 bg-panel p-6 text-center">
      <p>{message}</p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
