import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Config } from '../lib/config';
import type { UserModel } from './user.model';

/** What every request handler can reach: the database and the configuration. */
export interface AppDeps {
  knex: Knex;
  config: Config;
}

export interface AppState {
  deps: AppDeps;
  /** The signed-in user (cookie session) or the API key's owner, once auth ran. */
  user?: UserModel;
  apiKeyId?: number;
  apiKeyName?: string;
  /** Set by a handler whose answer's status depends on the outcome (e.g. 201 created / 200 updated). */
  responseStatus?: number;
}

export type AppContext = Context & { state: AppState };
