import { bannersReply, type Banner } from '@/lib/contracts/promotions';
import { readGeneral } from './read-general';

/** A banner's link must stay inside the app: a path, never another site (`//host`, `https:`). */
const isAppPath = (href: string) => /^\/(?![/\\])/.test(href);

/**
 * The banners of the home page's carousel (`GET /promotions/banners`): the operator's live banners,
 * then the active and upcoming tournaments'. Empty when the API fails or has none.
 */
export async function homeBanners(): Promise<Banner[]> {
  const reply = await readGeneral('/promotions/banners', (value) => bannersReply.parse(value));
  return reply?.banners.filter((banner) => isAppPath(banner.href)) ?? [];
}
