import { describe, expect, it } from 'vitest';
import { changedUserFields } from './user-changes';

const amy = { username: 'amy', role: 'recruiter' } as const;

describe('changedUserFields', () => {
  it('is empty when nothing changed (the dialog then just closes)', () => {
    expect(changedUserFields(amy, { username: 'amy', password: '', role: 'recruiter' })).toEqual({});
    expect(changedUserFields(amy, { username: ' amy ', password: '', role: 'recruiter' })).toEqual({});
  });

  it('sends only the fields that differ', () => {
    expect(changedUserFields(amy, { username: 'amy', password: '', role: 'admin' })).toEqual({ role: 'admin' });
    expect(changedUserFields(amy, { username: 'amelia', password: '', role: 'recruiter' })).toEqual({ username: 'amelia' });
    expect(changedUserFields(amy, { username: 'amy', password: 'new-secret', role: 'recruiter' })).toEqual({
      password: 'new-secret',
    });
    expect(changedUserFields(amy, { username: 'amelia', password: 'new-secret', role: 'admin' })).toEqual({
      username: 'amelia',
      role: 'admin',
      password: 'new-secret',
    });
  });
});
