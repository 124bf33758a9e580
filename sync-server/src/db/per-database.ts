/**
 * State that belongs to one database: made the first time a database handle asks for it, kept while
 * that handle lives. A process may serve several databases (tests do, a server per file), and an id
 * names a row only within its database, so such state is never one per process.
 */
import type { Knex } from 'knex';

export function perDatabase<T>(make: (db: Knex) => T): (db: Knex) => T {
  const made = new WeakMap<Knex, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
