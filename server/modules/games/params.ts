/** Path and query schemas the game routes share. */
import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';

/** A row id in the path: digits only, 1 to 2^31 − 1. */
const id = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2_147_483_647));
export const idParams = z.object({ id });
export const slugParams = z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/) });
export const currencyQuery = z.object({ currency: z.enum(CURRENCIES).optional() });
export const notFound = z.object({ message: z.string() });
