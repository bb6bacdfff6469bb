import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { billingDataReply } from '@/lib/contracts/billing';
import { billingKeys } from './query-keys';

export type BillingData = z.infer<typeof billingDataReply>;

/** `GET /api/v2/billing/data` (spec section 3 "Billing data"): the deposit methods and the bonus. */
export const getBillingData = (): Promise<BillingData> =>
  api.get('/api/v2/billing/data').then((response) => billingDataReply.parse(response.data));

export const billingDataQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.data(), queryFn: getBillingData, staleTime: 5 * 60_000 });

export const useBillingData = (enabled = true) => useQuery({ ...billingDataQueryOptions(), enabled });
