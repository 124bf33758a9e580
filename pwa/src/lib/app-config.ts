/**
 * What the app knows before anyone signs in (GET /api/config): the product name and whether
 * self-registration is open. The last answer is kept on the device so an offline start still shows
 * the right name; until the first answer the name is RepHire.
 */
import { create } from 'zustand';
import type { AppConfig } from '@shared/schemas/settings.schema';
import { apiCall } from '@/api/client';

export const DEFAULT_APP_NAME = 'RepHire';
const STORAGE_KEY = 'rephire-config';

export interface AppConfigState {
  appName: string;
  /** undefined until the server has answered once. */
  registrationOpen: boolean | undefined;
  loaded: boolean;
}

function readStored(): Partial<AppConfig> {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    // Checked by hand: zod is not part of the first load.
    return {
      ...(typeof parsed.appName === 'string' && parsed.appName ? { appName: parsed.appName } : {}),
      ...(typeof parsed.registrationOpen === 'boolean' ? { registrationOpen: parsed.registrationOpen } : {}),
    };
  } catch {
    return {};
  }
}

const stored = readStored();
export const useAppConfig = create<AppConfigState>(() => ({
  appName: stored.appName ?? DEFAULT_APP_NAME,
  registrationOpen: stored.registrationOpen,
  loaded: false,
}));

/** Fetches the config; failures keep what we had (offline start). */
export async function loadAppConfig(): Promise<void> {
  try {
    const config = await apiCall('config');
    useAppConfig.setState({ appName: config.appName, registrationOpen: config.registrationOpen, loaded: true });
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(config));
    } catch {
      // not remembered; fine
    }
  } catch {
    useAppConfig.setState({ loaded: true });
  }
}

export function appName(): string {
  return useAppConfig.getState().appName;
}
