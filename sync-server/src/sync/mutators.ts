/**
 * A device's pushed mutation on the server: its name and args checked with the shared schemas, then the
 * shared mutation applied through the same write path as REST and integrations (candidate-writes.service).
 * A mutation never throws for a bad or stale change: it answers `rejected` with a reason people can
 * read, so the push records it and moves on.
 */
import type { Knex } from 'knex';
import { parseDeviceMutation } from '@shared/mutations/index';
import type { Writer } from '../candidates/candidate-events';
import { runMutation } from '../candidates/candidate-writes.service';

/** `touched`: the candidates whose rows it wrote (see pull.service.ts, includedThrough). */
export type MutatorResult = ({ status: 'applied' } | { status: 'rejected'; reason: string }) & { touched?: string[] };

export type ValidatedMutation = { ok: true; run: (trx: Knex, writer: Writer, hlc: string) => Promise<MutatorResult> } | { ok: false; reason: string };

/** Checks a mutation's name and args; the returned `run` applies it. */
export function validateMutation(name: string, args: unknown): ValidatedMutation {
  const parsed = parseDeviceMutation(name, args);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    run: async (trx, writer, hlc) => {
      const { outcome, touched } = await runMutation(trx, writer, parsed.mutation, hlc);
      return outcome.status === 'applied' ? { status: 'applied', touched } : { status: 'rejected', reason: outcome.reason!, touched };
    },
  };
}
