/**
 * The part of a messages object that client components below a provider use: whole namespaces
 * (`'nav'`) or single entries (`'auth.logout'`), merged into one object of the same shape.
 */
export function pickMessages<M extends Record<string, unknown>>(
  messages: M,
  paths: readonly string[],
): Partial<M> {
  const picked: Record<string, unknown> = {};
  for (const path of paths) {
    const keys = path.split('.');
    let from: unknown = messages;
    let to = picked;
    keys.forEach((key, i) => {
      from = (from as Record<string, unknown> | undefined)?.[key];
      if (from === undefined) return;
      if (i === keys.length - 1) to[key] = from;
      else to = (to[key] ??= {}) as Record<string, unknown>;
    });
  }
  return picked as Partial<M>;
}
