/**
 * The signed-in user as remembered on this device, so the installed app opened offline goes straight
 * to the dashboard. Only who they are and how the app should look is kept (id, username, role and the
 * appearance fields); never a password, token, email or anything else. What is read back is validated:
 * localStorage is editable by anyone with the device, and the server decides what a user may do anyway.
 * (Checked by hand, not with zod: this runs before the first screen and zod is not in the first load.)
 */
import type { Role, User } from '@shared/schemas/user.schema';

// The shared lists, restated so this module stays free of zod; the compiler checks both are complete.
const ROLE_VALUES = ['admin', 'recruiter'] as const satisfies readonly Role[];
const THEME_VALUES = ['light', 'dark', 'system'] as const satisfies readonly User['theme'][];
type Exhaustive<T extends never> = T;
export type RolesComplete = Exhaustive<Exclude<Role, (typeof ROLE_VALUES)[number]>>;
export type ThemesComplete = Exhaustive<Exclude<User['theme'], (typeof THEME_VALUES)[number]>>;

export const REMEMBERED_USER_KEY = 'rephire-user';
/** Set when the user signed out offline: the server session still has to be ended. */
export const PENDING_LOGOUT_KEY = 'rephire-pending-logout';

export type RememberedUser = Pick<User, 'id' | 'username' | 'role' | 'theme' | 'compactView' | 'highContrast'>;

/** The remembered fields of `value`, or null when any is missing or malformed. */
export function toRememberedUser(value: unknown): RememberedUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, role, theme, compactView, highContrast } = value as Record<string, unknown>;
  const valid =
    Number.isInteger(id) &&
    typeof username === 'string' &&
    username.length > 0 &&
    (ROLE_VALUES as readonly unknown[]).includes(role) &&
    (THEME_VALUES as readonly unknown[]).includes(theme) &&
    typeof compactView === 'boolean' &&
    typeof highContrast === 'boolean';
  return valid ? ({ id, username, role, theme, compactView, highContrast } as RememberedUser) : null;
}

/** The current user: everything remembered, plus the rest once the server has answered. */
export type AuthUser = RememberedUser & Partial<Omit<User, keyof RememberedUser>>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function parseRememberedUser(raw: string | null | undefined): RememberedUser | null {
  if (!raw) return null;
  try {
    return toRememberedUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function readRememberedUser(): RememberedUser | null {
  return parseRememberedUser(storage()?.getItem(REMEMBERED_USER_KEY));
}

export function rememberUser(user: AuthUser): void {
  const safe = toRememberedUser(user); // only these fields, never the rest
  if (!safe) return;
  try {
    storage()?.setItem(REMEMBERED_USER_KEY, JSON.stringify(safe));
  } catch {
    // Storage blocked or full: the session still works, the next offline start will not know the user.
  }
}

export function forgetUser(): void {
  storage()?.removeItem(REMEMBERED_USER_KEY);
}

export function hasPendingLogout(): boolean {
  return storage()?.getItem(PENDING_LOGOUT_KEY) === '1';
}

export function setPendingLogout(pending: boolean): void {
  try {
    if (pending) storage()?.setItem(PENDING_LOGOUT_KEY, '1');
    else storage()?.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // ignore: at worst the server session lives until it expires
  }
}
