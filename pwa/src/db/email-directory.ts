/**
 * Where writes find candidates by email without reading the emailKey index once per email: a
 * directory kept in memory (the app's candidate list, features/candidates/candidate-store.ts) can be
 * offered for a database by name. It answers only when it holds exactly what the table holds at the
 * write version given (db/candidate-changes.ts), so a writer that read that version inside its own
 * transaction gets the same answer IndexedDB would give; otherwise it says null and the writer reads
 * the index (sync/dexie-rows.ts).
 */
import type { Candidate } from '@shared/schemas/candidate.schema';

export interface EmailDirectory {
  /** The live candidates with these email keys at write version `version`; null unless exactly there. */
  liveCandidatesByEmail(keys: readonly string[], version: number): Candidate[] | null;
}

const directories = new Map<string, EmailDirectory>();

/** Offers `directory` for the database called `dbName`; returns the function that withdraws it. */
export function provideEmailDirectory(dbName: string, directory: EmailDirectory): () => void {
  directories.set(dbName, directory);
  return () => {
    if (directories.get(dbName) === directory) directories.delete(dbName);
  };
}

export function emailDirectoryOf(dbName: string): EmailDirectory | undefined {
  return directories.get(dbName);
}
