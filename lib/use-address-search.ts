'use client';

import { useSyncExternalStore } from 'react';

/** Told when a page changed the address itself (history.pushState and replaceState fire no event). */
const ADDRESS_EVENT = 'app:address';

function subscribeAddress(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(ADDRESS_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(ADDRESS_EVENT, onChange);
  };
}

/**
 * The address's query string (`?sport=football`), and a way to set it: `push` makes a history entry (Back
 * returns to the last view), `replace` does not. Read from `location`, not useSearchParams: a page whose
 * server HTML shows its default view (the casino lobby's first games, the sportsbook's events) keeps it,
 * and the browser's view takes over once hydrated; useSearchParams would make the server send only a
 * fallback in its place. `''` on the server.
 */
export function useAddressSearch(mode: 'push' | 'replace'): [string, (search: string) => void] {
  const search = useSyncExternalStore(
    subscribeAddress,
    () => window.location.search,
    () => '',
  );
  const setSearch = (next: string) => {
    const address = `${window.location.pathname}${next}`;
    // null state: Next.js keeps its router in step with a history change that is not its own.
    if (mode === 'push') window.history.pushState(null, '', address);
    else window.history.replaceState(null, '', address);
    window.dispatchEvent(new Event(ADDRESS_EVENT));
  };
  return [search, setSearch];
}
