/** Team-wide settings kept in app_settings, with their defaults. */
import type { Knex } from 'knex';
import type { SystemSettings } from '@shared/schemas/settings.schema';
import { AppSettingModel } from './app-setting.model';

const DEFAULTS: SystemSettings = { allowSelfRegistration: false };

export async function getSystemSettings(db: Knex): Promise<SystemSettings> {
  const rows = await AppSettingModel.query(db).whereIn('key', Object.keys(DEFAULTS));
  const settings: Record<string, unknown> = { ...DEFAULTS };
  for (const row of rows) settings[row.key] = row.value;
  return settings as SystemSettings;
}

export async function updateSystemSettings(trx: Knex, changes: Partial<SystemSettings>): Promise<SystemSettings> {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    await trx('app_settings')
      .insert({ key, value: JSON.stringify(value), updatedAt: trx.fn.now() })
      .onConflict('key')
      .merge(['value', 'updatedAt']);
  }
  return getSystemSettings(trx);
}
