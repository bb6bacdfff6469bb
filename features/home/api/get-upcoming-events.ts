import { sportEventsReply, type SportEvent } from '@/lib/contracts/sports';
import { readGeneral } from './read-general';

/** Matches in the home page's sports row. */
export const UPCOMING_EVENTS_LIMIT = 6;

/** The next matches of every sport (`GET /sports/events?status=upcoming`); empty when the API fails. */
export async function upcomingEvents(): Promise<SportEvent[]> {
  const query = new URLSearchParams({ status: 'upcoming', limit: String(UPCOMING_EVENTS_LIMIT) });
  const reply = await readGeneral(`/sports/events?${query}`, (value) => sportEventsReply.parse(value));
  return reply?.items ?? [];
}
