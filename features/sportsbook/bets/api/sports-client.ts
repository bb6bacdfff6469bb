import type { AxiosInstance } from 'axios';

/**
 * The client of the sportsbook's calls: the general service (lib/contracts/sports.ts), loaded with the
 * first call rather than with the page.
 */
export const sportsApi = (): Promise<AxiosInstance> =>
  import('@/lib/api/client').then(({ serviceApi }) => serviceApi.general);
