/**
 * The promise the product is built on, for the field recruiters write most: two devices edit one
 * candidate's notes offline, in the detail dialog and through status changes, and sync in either order;
 * every line either wrote ends up on the server and on both devices (the real engines over
 * fake-indexeddb against the real server).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { formatNoteLine, turnedDownNote } from '@shared/candidates/notes';
import { serverWithDevices, syncUntilIdle } from './helpers/engine-device';

const world = serverWithDevices();

describe.each([
  ['the dialog edit syncs first', true],
  ['the turn-down syncs first', false],
])('notes edited on two offline devices (%s)', (_, dialogFirst) => {
  it('keeps every line either device wrote, on the server and on both devices', async () => {
    const a = await world.device(await world.server.recruiterClient());
    const b = await world.device(await world.server.recruiterClient());
    const email = `notes.${dialogFirst ? 'a' : 'b'}@offline.example`;
    const candidate = await a.candidates.createCandidate({ name: 'Nia Notes', email, notes: 'Met at SaaStr\nStrong closer' });
    await syncUntilIdle([a, b]);

    a.env.online = false;
    b.env.online = false;
    // A: the detail dialog, a line added at the end and the first line rewritten.
    await a.candidates.updateCandidate(candidate.uid, { notes: 'Met at SaaStr 2026\nStrong closer\nA: wants OTE 120k' }, { notesBase: 'Met at SaaStr\nStrong closer' });
    // B: turned down (the app appends its line), then a note line of its own.
    const turnedDown = formatNoteLine(new Date(), turnedDownNote());
    await b.candidates.setStatus(candidate.uid, 'rejected', turnedDown);
    await b.candidates.appendNote(candidate.uid, 'B: references checked');

    a.env.online = true;
    b.env.online = true;
    await syncUntilIdle(dialogFirst ? [a, b] : [b, a]);

    const lines = ['Met at SaaStr 2026', 'Strong closer', 'A: wants OTE 120k', turnedDown, 'B: references checked'];
    const onServer = (await world.serverCandidate(await world.server.recruiterClient(), email))!;
    for (const line of lines) expect(onServer.notes.split('\n')).toContain(line);
    // The first line was rewritten by an edit that saw it: only the new version stays.
    expect(onServer.notes.split('\n')).not.toContain('Met at SaaStr');
    for (const device of [a, b]) expect((await device.candidates.getCandidate(candidate.uid))!.notes).toBe(onServer.notes);
    await a.close();
    await b.close();
  });
});
