/**
 * What a recruiter does on a device, at random: creates candidates and edits them — fields, status
 * changes with a note line, appended notes, interview notes, now and then a delete — mostly on the
 * candidates this device or others touched most recently, so devices keep editing the same records.
 */
import { CANDIDATE_STATUSES } from '@shared/schemas/candidate.schema';
import { RecordNotFoundError } from '@/db/repo-errors';
import type { EngineDevice } from './engine-device';

const CITIES = ['Austin', 'Boston', 'Chicago', 'Denver', 'Irvine', 'Manila'];
const DAYS = ['2026-04-01', '2026-04-02', '2026-04-03'];

export type EditKind = 'create' | 'update' | 'status' | 'note' | 'interview' | 'delete';

export class RandomEditor {
  /** Edits made, by kind (an edit of a record deleted meanwhile counts nowhere). */
  readonly made: Record<EditKind, number> = { create: 0, update: 0, status: 0, note: 0, interview: 0, delete: 0 };
  private recent: string[] = [];
  private steps = 0;

  constructor(
    private readonly device: EngineDevice,
    /** Makes emails and note lines unique to this editor. */
    private readonly tag: string,
    private readonly random: () => number = Math.random,
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** One edit; returns its kind, or null when the record it picked is gone (deleted meanwhile). */
  async step(): Promise<EditKind | null> {
    const n = this.steps++;
    if (n % 10 === 0) {
      // The most recently changed live rows: this device's own and what it pulled from others.
      const rows = await this.device.db.candidates.orderBy('updatedAt').reverse().limit(40).toArray();
      this.recent = rows.filter((row) => !row.deletedAt).map((row) => row.uid);
    }
    const roll = this.random();
    const { candidates, interviews } = this.device;
    try {
      if (roll < 0.2 || this.recent.length === 0) {
        const created = await candidates.createCandidate({
          name: `Device ${this.tag} ${n}`,
          email: `${this.tag}.${n}@device.test`,
          location: this.pick(CITIES),
        });
        this.recent.push(created.uid);
        return this.count('create');
      }
      const uid = this.pick(this.recent);
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
      this.recent = this.recent.filter((u) => u !== uid);
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
      await loop;
    },
  };
}
