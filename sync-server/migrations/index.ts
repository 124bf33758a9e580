/**
 * The list of migrations, in order. Append only: a migration that has landed is never edited.
 * Listed statically (rather than read from the folder) so the same list runs under tsx, Vitest and
 * the knex CLI alike.
 */
import type { Knex } from 'knex';
import * as initial from './20261122000000_initial';
import * as leadSearchJobs from './20261122020000_lead_search_jobs';
import * as sync from './20261123000000_sync';
import * as arrivalFunction from './20261124000000_arrival_function';
import * as candidateErasure from './20261125000000_candidate_erasure';
import * as arrivalBatchFunction from './20261126000000_arrival_batch_function';
import * as historyConflictsAndKeys from './20261127100000_history_conflicts_and_keys';
import * as historyRestored from './20261128000000_history_restored';
import * as savedViews from './20261128010000_saved_views';
import * as webhooks from './20261129000000_webhooks';
import * as scheduledInterviews from './20261130000000_scheduled_interviews';
import * as calendarFeeds from './20261130000100_calendar_feeds';
import * as scorecards from './20261201000000_scorecards';
import * as ownWrites from './20261202000000_own_writes';
import * as leadCursor from './20261203000000_lead_cursor';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const migrations: Array<[string, Migration]> = [
  ['20261122000000_initial', initial],
  ['20261122020000_lead_search_jobs', leadSearchJobs],
  ['20261123000000_sync', sync],
  ['20261124000000_arrival_function', arrivalFunction],
  ['20261125000000_candidate_erasure', candidateErasure],
  ['20261126000000_arrival_batch_function', arrivalBatchFunction],
  ['20261127100000_history_conflicts_and_keys', historyConflictsAndKeys],
  ['20261128000000_history_restored', historyRestored],
  ['20261128010000_saved_views', savedViews],
  ['20261129000000_webhooks', webhooks],
  ['20261130000000_scheduled_interviews', scheduledInterviews],
  ['20261130000100_calendar_feeds', calendarFeeds],
  ['20261201000000_scorecards', scorecards],
  ['20261202000000_own_writes', ownWrites],
  ['20261203000000_lead_cursor', leadCursor],
];

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const found = migrations.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};
