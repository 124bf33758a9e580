/**
 * The pull cursor, opaque to devices: base64url JSON of
 *   e  the database's sync epoch (a restored or replaced database has another → the device resyncs);
 *   p  per synced table, the (xid, id) position of the last row the device has;
 *   h  while a multi-page pull is under way, its horizon (the snapshot xmin of its first page): every
 *      page of one pull uses it, so includedThrough and the rows stay consistent across pages.
 *   k  what the device holds, from its last finished pull: [that pull's horizon, the xmax of a snapshot
 *      taken after its last read]. A candidate version written below k[0] and not overwritten before
 *      k[1] was current while that pull read, so the device holds it (pull.service.ts, own writes).
 * xids travel as decimal strings and are only ever compared in SQL (as xid8), never as JS numbers.
 */
import { z } from 'zod';
import { badRequest } from '../lib/errors';

export const SYNCED_TABLES = ['candidates', 'experiences', 'interviewNotes', 'savedViews', 'scheduledInterviews'] as const;
export type SyncedTable = (typeof SYNCED_TABLES)[number];

const xid = z.string().regex(/^\d{1,20}$/);
const position = z.tuple([xid, z.number().int().min(0).max(2 ** 31)]);
export const START: z.infer<typeof position> = ['0', 0];

const cursorSchema = z.strictObject({
  v: z.literal(1),
  e: z.string().min(1).max(64),
  h: xid.optional(),
  k: z.tuple([xid, xid]).optional(),
  // savedViews and scheduledInterviews came later: a cursor from before one starts that table from the beginning.
  p: z.strictObject({
    candidates: position,
    experiences: position,
    interviewNotes: position,
    savedViews: position.default(START),
    scheduledInterviews: position.default(START),
  }),
});
export type Cursor = z.infer<typeof cursorSchema>;
export type Position = Cursor['p']['candidates'];


export function initialCursor(epoch: string): Cursor {
  return { v: 1, e: epoch, p: { candidates: START, experiences: START, interviewNotes: START, savedViews: START, scheduledInterviews: START } };
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export const MALFORMED_CURSOR = 'The sync cursor is malformed; pull without a cursor to start over';

export function decodeCursor(text: string): Cursor {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw badRequest(MALFORMED_CURSOR, { cursor: MALFORMED_CURSOR });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MALFORMED_CURSOR, { cursor: MALFORMED_CURSOR });
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw badRequest(MALFORMED_CURSOR, { cursor: MALFORMED_CURSOR });
  return result.data;
}

/** Every xid the cursor holds (for the "database went back in time" check). */
export function cursorXids(cursor: Cursor): string[] {
  const xids = SYNCED_TABLES.map((table) => cursor.p[table][0]);
  if (cursor.h) xids.push(cursor.h);
  if (cursor.k) xids.push(...cursor.k);
  return xids;
}
