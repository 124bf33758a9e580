import { Model } from 'objection';

/**
 * Base for every model. Column names are mapped snake_case ⇄ camelCase once, at the knex level
 * (knexSnakeCaseMappers in database.ts), so models, query builders and raw results all read camelCase.
 */
export class BaseModel extends Model {}
