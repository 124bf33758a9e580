import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ScheduledInterview } from '../schemas/scheduled-interview.schema';
import { interviewIcs, interviewIcsFileName } from './interview-ics';

const interview: ScheduledInterview = {
  id: 7,
  uid: '3c1e9a52-7b44-4f0e-9d61-2a8b5c7d9e10',
  candidateUid: '7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b',
  date: '2026-07-01',
  startTime: '09:30',
  timeZone: 'Europe/Berlin',
  durationMinutes: 90,
  interviewerId: 2,
  place: 'https://meet.example/abc?x=1',
  note: 'Bring the case study; ask about quota, targets\nSecond line',
  userId: 1,
  scores: {},
  recommendation: null,
  scorecardNotes: '',
  fieldClocks: {},
  createdAt: '2026-06-01T00:00:00.000Z',
  updatedAt: '2026-06-01T00:00:00.000Z',
  deletedAt: null,
};
const context = { candidateName: 'Ann Lée, Jr.', interviewerName: 'Sam Stone', appName: 'RepHire', now: new Date('2026-06-02T10:00:00Z') };

/** The file parsed back with Mozilla's ical.js (an independent reader), as its one VEVENT. */
function parseEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]!);
}

describe('interviewIcs', () => {
  it('writes a valid calendar whose event is the interview, at the same instant, read back by ical.js', () => {
    const text = interviewIcs(interview, context);
    // Lines end with CRLF and none is longer than 75 octets (RFC 5545 3.1).
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const event = parseEvent(text);
    expect(event.uid).toBe(`${interview.uid}@rephire`);
    expect(event.summary).toBe('Interview: Ann Lée, Jr.');
    // 09:30 in Berlin in July is 07:30 UTC; 90 minutes long.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(event.location).toBe('https://meet.example/abc?x=1');
    expect(event.description).toBe('Interviewer: Sam Stone\nMeeting link: https://meet.example/abc?x=1\n\nBring the case study; ask about quota, targets\nSecond line');
    expect(event.component.getFirstPropertyValue('url')).toBe('https://meet.example/abc?x=1');
    expect(event.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('writes a place without a link as the location only', () => {
    const event = parseEvent(interviewIcs({ ...interview, place: 'Room 4', note: '' }, context));
    expect(event.location).toBe('Room 4');
    expect(event.description).toBe('Interviewer: Sam Stone');
    expect(event.component.getFirstPropertyValue('url')).toBeNull();
  });

  it('names the file after the candidate and the date', () => {
    expect(interviewIcsFileName('Ann Lée, Jr.', interview)).toBe('interview-ann-lee-jr-2026-07-01.ics');
    expect(interviewIcsFileName('✱✱', interview)).toBe('interview-candidate-2026-07-01.ics');
  });
});
