/** Team-wide settings kept in app_settings, with their defaults. */
import type { Knex } from 'knex';
import type { SystemSettings } from '@shared/schemas/settings.schema';
import {
  DEFAULT_SCORECARD_CRITERIA,
  nextScorecardCriteria,
  scorecardCriteriaSchema,
  type ScorecardCriteriaUpdate,
  type ScorecardCriterion,
} from '@shared/schemas/scorecard.schema';
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

const CRITERIA_KEY = 'scorecardCriteria';

/** The team's scorecard criteria (retired ones too); the sales-hiring default until an admin sets them. */
export async function getScorecardCriteria(db: Knex): Promise<ScorecardCriterion[]> {
  const row = await AppSettingModel.query(db).findById(CRITERIA_KEY);
  const parsed = scorecardCriteriaSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SCORECARD_CRITERIA;
}

/** Sets the criteria in use (nextScorecardCriteria: a criterion left out is kept, retired). */
export async function updateScorecardCriteria(trx: Knex, update: ScorecardCriteriaUpdate): Promise<ScorecardCriterion[]> {
  const value = scorecardCriteriaSchema.parse(nextScorecardCriteria(await getScorecardCriteria(trx), update));
  await trx('app_settings')
    .insert({ key: CRITERIA_KEY, value: JSON.stringify(value), updatedAt: trx.fn.now() })
    .onConflict('key')
    .merge(['value', 'updatedAt']);
  return value;
}
