import { describe, expect, it } from 'vitest';
import { meetingLinkOf } from './scheduled-interview.schema';

describe('meetingLinkOf', () => {
  it('makes a link of an http(s) address only', () => {
    expect(meetingLinkOf(' https://meet.example.com/abc-def ')).toBe('https://meet.example.com/abc-def');
    expect(meetingLinkOf('http://zoom.example/j/1')).toBe('http://zoom.example/j/1');
    expect(meetingLinkOf('javascript:alert(1)')).toBeNull();
    expect(meetingLinkOf('JAVASCRIPT://%0aalert(1)')).toBeNull();
    expect(meetingLinkOf('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(meetingLinkOf('Room 4, 2nd floor')).toBeNull();
    expect(meetingLinkOf('https://meet.example.com/a b')).toBeNull();
  });
});
