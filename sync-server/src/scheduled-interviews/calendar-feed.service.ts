/**
 * Private calendar feeds: each user may have one secret address whose iCalendar lists the interviews
 * they conduct (as interviewer), from 30 days back on, cancelled ones and those of deleted candidates
 * left out. The token is 32 random bytes; only its SHA-256 is stored, so a database reader cannot
 * rebuild an address. Resetting makes a new token and the old address answers 404, like any unknown one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { CalendarFeedStatus } from '@shared/api/calendar.contract';
import { interviewsCalendar, type CalendarInterview } from '@shared/interviews/interview-ics';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { notFound } from '../lib/errors';
import { toIso } from '../db/row-values';

const TOKEN_PREFIX = 'cal_';
const TOKEN_PATTERN = /^cal_[A-Za-z0-9_-]{43}$/;
const PAST_DAYS = 30;
export const FEED_NOT_FOUND = 'Calendar feed not found';

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const feedPath = (token: string) => `/api/calendar/${token}/interviews.ics`;

export async function feedStatus(db: Knex, userId: number): Promise<CalendarFeedStatus> {
  const row = await db('calendarFeeds').where({ userId }).first('createdAt');
  return { active: row !== undefined, createdAt: row ? toIso(row.createdAt) : null };
}

/** A new secret address for the user's feed (the previous one stops working); the token is returned once. */
export async function resetFeed(trx: Knex, userId: number): Promise<{ path: string; createdAt: string }> {
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await trx('calendarFeeds')
    .insert({ userId, tokenHash: hashOf(token), createdAt: trx.fn.now() })
    .onConflict('userId')
    .merge()
    .returning('createdAt');
  return { path: feedPath(token), createdAt: toIso(row.createdAt) };
}

/** The feed of the token's user, as iCalendar text; 404 for a token that is not a current one. */
export async function feedCalendar(db: Knex, token: string, appName: string, now: Date): Promise<string> {
  if (!TOKEN_PATTERN.test(token)) throw notFound(FEED_NOT_FOUND);
  const feed = await db('calendarFeeds as f').join('users as u', 'u.id', 'f.userId').where('f.tokenHash', hashOf(token)).first('u.id', 'u.username', 'u.displayName');
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const since = new Date(now.getTime() - (PAST_DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db('scheduledInterviews as i')
    .join('candidates as c', 'c.id', 'i.candidateId')
    .where('i.interviewerId', feed.id)
    .whereNull('i.deletedAt')
    .whereNull('c.deletedAt')
    .where('i.date', '>=', since)
    .orderBy(['i.date', 'i.startTime', 'i.id'])
    .select('i.uid', 'c.uid as candidateUid', 'c.name as candidateName', 'i.date', 'i.startTime', 'i.timeZone', 'i.durationMinutes', 'i.place', 'i.note');
  const interviewerName = feed.displayName?.trim() || feed.username;
  const items: CalendarInterview[] = rows.map((row: Record<string, unknown>) => ({
    interview: {
      uid: row.uid,
      candidateUid: row.candidateUid,
      date: row.date,
      startTime: row.startTime,
      timeZone: row.timeZone,
      durationMinutes: Number(row.durationMinutes),
      place: row.place,
      note: row.note,
    } as ScheduledInterview,
    candidateName: row.candidateName as string,
    interviewerName,
  }));
  return interviewsCalendar(items, { appName, now, name: `${appName} interviews (${interviewerName})` });
}
