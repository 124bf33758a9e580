/** The private calendar feed routes: the signed-in user's feed address (made or reset) and the feed itself. */
import { z } from 'zod';
import type { RouteDef } from './contract';
import { routes } from './routes';

export const calendarFeedStatusSchema = z.object({
  /** Whether the user has a feed address (its token is never shown again). */
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedCreatedSchema = z.object({
  /** The feed's path with its secret token, shown once: /api/calendar/{token}/interviews.ics */
  path: z.string(),
  createdAt: z.string(),
});

export const calendarRoutes = {
  calendarFeedStatus: { ...routes.calendarFeedStatus, response: calendarFeedStatusSchema },
  /** Makes a new secret address for the user's feed; the previous one stops working. */
  resetCalendarFeed: { ...routes.resetCalendarFeed, response: calendarFeedCreatedSchema },
  /** The feed: the interviews the token's user conducts, as iCalendar. No session: the token is the key. */
  calendarFeed: {
    ...routes.calendarFeed,
    response: z.string(),
    responseType: 'text/calendar',
  },
} as const satisfies Record<string, RouteDef>;
