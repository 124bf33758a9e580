import { describe, expect, it } from 'vitest';
import { ApiError, OfflineError } from '@/api/errors';
import { NEEDS_CONNECTION_MESSAGE, onlineFailureMessage } from './online-only';

describe('onlineFailureMessage', () => {
  it('says the connection is needed for any call that got no answer', () => {
    expect(NEEDS_CONNECTION_MESSAGE).toBe('You are offline — this needs a connection');
    expect(onlineFailureMessage(new OfflineError(true))).toBe(NEEDS_CONNECTION_MESSAGE);
    expect(onlineFailureMessage(new OfflineError(false))).toBe(NEEDS_CONNECTION_MESSAGE);
  });

  it('passes the server message through otherwise', () => {
    const body = JSON.stringify({ code: 'CONFLICT', message: 'Username already exists' });
    expect(onlineFailureMessage(new ApiError(409, 'Conflict', body))).toBe('Username already exists');
    expect(onlineFailureMessage(new Error('boom'))).toBe('boom');
  });
});
