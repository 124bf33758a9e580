/**
 * What a recruiter does on a device, at random: creates candidates and edits them — fields, status
 * changes with a note line, appended notes, interview notes, now and then a delete — mostly on the
 * candidates this device or others touched most recently, so devices keep editing the same records.
 */
import { CANDIDATE_STATUSES } from '@shared/schemas/candidate.schema';
import { watchCandidateChanges } from '@/db/candidate-mirror/change-feed';
import { RecordNotFoundError } from '@/db/repo-errors';
import type { EngineDevice } from './engine-device';

const CITIES = ['Austin', 'Boston', 'Chicago', 'Denver', 'Irvine', 'Manila'];
const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03'];

export type EditKind = 'create' | 'update' | 'status' | 'note' | 'interview' | 'delete';

/** How many recently changed rows an editor picks from. */
const RECENT_ROWS = 40;

export class RandomEditor {
  /** Edits made, by kind (an edit of a record deleted meanwhile counts nowhere). */
  readonly made: Record<EditKind, number> = { create: 0, update: 0, status: 0, note: 0, interview: 0, delete: 0 };
  /** The most recently changed live rows, oldest first: this device's own and what it pulled. */
  private readonly recent = new Set<string>();
  private steps = 0;
  /** Stops following the device's changes. */
  readonly close: () => void;

  constructor(
    private readonly device: EngineDevice,
    /** Makes emails and note lines unique to this editor. */
    private readonly tag: string,
    private readonly random: () => number = Math.random,
  ) {
    this.close = watchCandidateChanges(device.db.name, (change) => {
      if (change.type === 'all') this.recent.clear();
      if (change.type !== 'rows') return;
      for (const [uid, row] of change.rows) {
        this.recent.delete(uid);
        if (row && !row.deletedAt) this.recent.add(uid);
      }
      for (const uid of this.recent) {
        if (this.recent.size <= RECENT_ROWS) break;
        this.recent.delete(uid);
      }
    });
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** One edit; returns its kind, or null when the record it picked is gone (deleted meanwhile). */
  async step(): Promise<EditKind | null> {
    const n = this.steps++;
    const roll = this.random();
    const { candidates, interviews } = this.device;
    try {
      if (roll < 0.2 || this.recent.size === 0) {
        await candidates.createCandidate({
          name: `Device ${this.tag} ${n}`,
          email: `${this.tag}.${n}@device.test`,
          location: this.pick(CITIES),
        });
        return this.count('create');
      }
      const uid = this.pick([...this.recent]);
      if (roll < 0.55) {
        await candidates.updateCandidate(uid, { location: this.pick(CITIES), phone: `555-${Math.floor(this.random() * 10_000)}` });
        return this.count('update');
      }
      if (roll < 0.7) {
        await candidates.setStatus(uid, this.pick(CANDIDATE_STATUSES), `[${this.tag} ${n}] Status updated`);
        return this.count('status');
      }
      if (roll < 0.85) {
        await candidates.appendNote(uid, `[${this.tag} ${n}] Called`);
        return this.count('note');
      }
      if (roll < 0.98) {
        await interviews.saveInterviewNote(uid, this.pick(DAYS), `Interview ${this.tag} ${n}`);
        return this.count('interview');
      }
      await candidates.deleteCandidate(uid);
      return this.count('delete');
    } catch (error) {
      if (error instanceof RecordNotFoundError) return null;
      throw error;
    }
  }

  private count(kind: EditKind): EditKind {
    this.made[kind] += 1;
    return kind;
  }
}

export interface EditLoop {
  /** Stops after the edit under way; rejects with the first error an edit threw. */
  stop(): Promise<void>;
}

/** Edits every `intervalMs` on average until stopped. */
export function keepEditing(editor: RandomEditor, intervalMs: number): EditLoop {
  let running = true;
  const loop = (async () => {
    while (running) {
      await editor.step();
      await new Promise((resolve) => setTimeout(resolve, intervalMs * (0.5 + Math.random())));
    }
  })();
  loop.catch(() => undefined); // reported by stop()
  return {
    async stop() {
      running = false;
      try {
        await loop;
      } finally {
        editor.close();
      }
    },
  };
}
