/** A sample user for tests, whichever layer they are in (the auth feature's test kit and the shell's). */
import type { User } from './user.schema';

export const amy: User = {
  id: 7,
  username: 'amy',
  role: 'recruiter',
  email: 'amy@example.com',
  displayName: 'Amy Adams',
  theme: 'dark',
  compactView: true,
  highContrast: false,
  notifications: { emailNotifications: true, newCandidateAlert: true, statusChangeAlert: true, weeklyDigest: false },
  createdAt: '2026-01-01T00:00:00.000Z',
};
