/**
 * Who is signed in on this device. Owns the current user and the auth status the routes read:
 *   loading   — no remembered user yet and the server has not answered;
 *   signedIn  — a user to show (remembered, or confirmed by the server);
 *   signedOut — nobody.
 * On start it shows the remembered user at once and asks the server in the background: 200 updates the
 * user, 401 signs out on this device only (the session ended; device data stays), no answer keeps the
 * remembered user. Every change bumps an epoch so a slow answer cannot undo a newer sign-in or sign-out.
 * Other tabs follow through the storage event.
 */
import { create } from 'zustand';
import type { User } from '@shared/schemas/user.schema';
import { apiCall, isApiError, isOfflineError, onSessionExpired } from '@/api/client';
import {
  REMEMBERED_USER_KEY,
  forgetUser,
  hasPendingLogout,
  parseRememberedUser,
  readRememberedUser,
  rememberUser,
  setPendingLogout,
  type AuthUser,
} from './remembered-user';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';
/** Why the user landed on /auth without asking to, shown there. */
export type AuthNotice = 'sessionEnded' | null;

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  notice: AuthNotice;
  /** The account was created in this session (greeted "Welcome", not "Welcome back"). */
  newAccount: boolean;
}

export const useAuthStore = create<AuthState>(() => ({ status: 'loading', user: null, notice: null, newAccount: false }));

let epoch = 0;

export function setSignedIn(user: User | AuthUser, { newAccount = false }: { newAccount?: boolean } = {}): void {
  epoch++;
  rememberUser(user);
  useAuthStore.setState({ status: 'signedIn', user, notice: null, newAccount });
}

export function signOutLocally(notice: AuthNotice = null): void {
  epoch++;
  forgetUser();
  useAuthStore.setState({ status: 'signedOut', user: null, notice });
}

export function clearAuthNotice(): void {
  useAuthStore.setState({ notice: null });
}

/** Asks the server who is signed in and applies the answer (see the module comment). */
/** A start-up check on a bad connection should not keep a visitor on a spinner for long. */
const SESSION_CHECK_TIMEOUT_MS = 8000;

export async function refreshUser(): Promise<void> {
  const started = epoch;
  try {
    const user = await apiCall('currentUser', { timeoutMs: SESSION_CHECK_TIMEOUT_MS });
    if (epoch === started) setSignedIn(user);
  } catch (error) {
    if (epoch !== started) return;
    if (isApiError(error, 401)) {
      signOutLocally(useAuthStore.getState().user ? 'sessionEnded' : null);
      return;
    }
    // Offline or server trouble: keep a remembered user; with none, there is nobody to show.
    if (!useAuthStore.getState().user) {
      epoch++;
      useAuthStore.setState({ status: 'signedOut' });
    }
  }
}

/** Ends a server session left open by a sign-out made offline. True when nothing is left to end. */
export async function finishPendingLogout(): Promise<boolean> {
  if (!hasPendingLogout()) return true;
  try {
    await apiCall('logout');
  } catch (error) {
    if (isOfflineError(error) || !isApiError(error, 401)) return false;
  }
  setPendingLogout(false);
  return true;
}

export async function startAuth(): Promise<void> {
  const remembered = readRememberedUser();
  if (remembered) useAuthStore.setState({ status: 'signedIn', user: remembered, notice: null });
  if (hasPendingLogout()) {
    // Signed out offline last time: do not let the still-open server session sign them back in.
    signOutLocally();
    await finishPendingLogout();
    return;
  }
  await refreshUser();
}

/** Wires the store to the world: expired sessions, other tabs, reconnection. Returns an undo. */
export function watchAuth(): () => void {
  const stopExpiry = onSessionExpired(() => {
    if (useAuthStore.getState().user) signOutLocally('sessionEnded');
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== REMEMBERED_USER_KEY) return;
    const user = parseRememberedUser(event.newValue);
    const current = useAuthStore.getState().user;
    epoch++;
    if (!user && current) useAuthStore.setState({ status: 'signedOut', user: null, notice: null });
    else if (user && user.id !== current?.id) useAuthStore.setState({ status: 'signedIn', user, notice: null });
  };
  const onOnline = () => {
    void finishPendingLogout();
    if (useAuthStore.getState().user) void refreshUser();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener('online', onOnline);
  return () => {
    stopExpiry();
    window.removeEventListener('storage', onStorage);
    window.removeEventListener('online', onOnline);
  };
}
