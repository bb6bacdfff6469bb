import { queryOptions } from '@tanstack/react-query';
import axios from 'axios';
import { api } from './client';
import { mirror, type Mirror } from './first-screen-checks';

/**
 * Mirror data (spec section 3, "site configuration"): in development `GET mirror` on the configured
 * API base, otherwise `GET /api/mirror` on the site's own host. Only the fields the app reads are
 * checked (lib/api/first-screen-checks.ts); the full shape is not shown by the spec. A failed load is logged only (spec section 8).
 */
export type { Mirror };

/** The mirror check with a zod-like `parse` (the API server's tests check their answers with it). */
export const mirrorSchema = { parse: (value: unknown): Mirror => mirror(value) };

const IS_DEVELOPMENT = process.env.NODE_ENV === 'development';

export async function getMirror(): Promise<Mirror | null> {
  try {
    const response = IS_DEVELOPMENT
      ? await api.get('mirror')
      : await axios.get('/api/mirror', { headers: { Accept: 'application/json' } });
    return mirrorSchema.parse(response.data);
  } catch (error) {
    console.error('mirror data load failed', error);
    return null;
  }
}

/** The query key of the mirror data. */
export const mirrorKeys = { all: ['mirror'] as const };

export const mirrorQueryOptions = () =>
  queryOptions({ queryKey: mirrorKeys.all, queryFn: getMirror, staleTime: 10 * 60_000, retry: false });
