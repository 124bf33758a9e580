/**
 * What the sign-in screens and the user menu do: call the server, update the auth store, tell the user
 * (the spec's auth toasts). Each resolves true on success so the caller can navigate.
 */
import type { LoginInput, RegisterInput } from '@shared/schemas/user.schema';
import { apiCall, errorMessage, isApiError, isOfflineError } from '@/api/client';
import { appName, loadAppConfig } from '@/lib/app-config';
import { requestPersistentStorage } from '@/lib/persist-storage';
import { toast } from '@/ui/toast/toast-queue';
import { runBeforeSignOut } from './before-sign-out';
import { setSignedIn, signOutLocally } from './auth-store';
import { setPendingLogout } from './remembered-user';

/** `onError` lets the form show the refusal next to itself as well (the toast alone can be missed). */
export async function signIn(input: LoginInput, onError?: (error: unknown) => void): Promise<boolean> {
  try {
    const user = await apiCall('login', { body: input });
    setPendingLogout(false);
    setSignedIn(user);
    toast({ title: 'Login successful', description: `Welcome back to ${appName()}!` });
    void requestPersistentStorage();
    return true;
  } catch (error) {
    toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' });
    onError?.(error);
    return false;
  }
}

export async function registerAccount(input: RegisterInput, onError?: (error: unknown) => void): Promise<boolean> {
  try {
    const user = await apiCall('register', { body: input });
    setPendingLogout(false);
    setSignedIn(user, { newAccount: true });
    toast({ title: 'Registration successful', description: 'Your account has been created' });
    void requestPersistentStorage();
    void loadAppConfig(); // registration may just have closed (first admin)
    return true;
  } catch (error) {
    toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' });
    onError?.(error);
    if (isApiError(error, 403)) void loadAppConfig();
    return false;
  }
}

/**
 * Runs the before-sign-out hooks (sync, wipe), ends the server session and forgets the user. Offline,
 * the server session is ended at the next chance (pending logout). A hook that cancels stops everything;
 * a server error leaves the user signed in.
 */
export async function signOut(): Promise<boolean> {
  try {
    if (!(await runBeforeSignOut())) return false;
  } catch (error) {
    toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
    return false;
  }
  try {
    await apiCall('logout');
  } catch (error) {
    if (isOfflineError(error)) setPendingLogout(true);
    else if (!isApiError(error, 401)) {
      toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' });
      return false;
    }
  }
  signOutLocally();
  toast({ title: 'Logged out', description: 'You have been successfully logged out' });
  return true;
}
