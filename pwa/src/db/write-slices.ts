/**
 * How many candidates one bulk write sends at once. A slice's puts run in one task of the page's main
 * thread (the browser may render between two). On a machine to itself PUT_SLICE_ROWS take about 30 ms;
 * while other work competes for its cores, the same slice held the thread far longer than it ran: in
 * an import sending as it went, on two cores shared with the sync server and its database, 500 rows
 * took 270–340 ms of wall time at 80–95 ms of CPU, the profile's samples inside IndexedDB's put (bench:import,
 * 27 November 2026). So the next slice is sized by how long the last one took, to take about
 * `targetMs`: fewer rows while writes are slow, back to the most as soon as they are quick again.
 */
import { PUT_SLICE_ROWS } from './database';

/** The fewest rows a slice shrinks to: below it, a write's fixed costs would dominate. */
const MIN_SLICE_ROWS = 50;
/** What a slice's puts should take of the main thread, leaving the rest of its task room under 200 ms. */
const TARGET_SLICE_MS = 60;

export class WriteSlices {
  private size: number;

  constructor(
    private readonly maxRows = PUT_SLICE_ROWS,
    private readonly minRows = MIN_SLICE_ROWS,
    private readonly targetMs = TARGET_SLICE_MS,
  ) {
    this.size = maxRows;
  }

  /** Rows for the next slice. */
  get rows(): number {
    return this.size;
  }

  /**
   * A slice of `rows` took `ms` to send: the next one is sized halfway to what would take `targetMs`
   * (one slow slice, a garbage collection in it, does not halve the pace at once). A slice much
   * shorter than asked for (the last of a write) says too little to go by.
   */
  took(rows: number, ms: number): void {
    if (rows < this.size / 2) return;
    const fits = ms > 0 ? (rows * this.targetMs) / ms : this.maxRows;
    this.size = Math.round(Math.min(this.maxRows, Math.max(this.minRows, (this.size + fits) / 2)));
  }

  /** Sends a slice of `rows` (`send` issues its puts before it returns), timed for the next one's size. */
  send<T>(rows: number, send: () => T): T {
    const started = performance.now();
    const sent = send();
    this.took(rows, performance.now() - started);
    return sent;
  }
}

/** The page's candidate writes (the mutations' store, the ids a sync gives): one pace for all of them. */
export const candidateWriteSlices = new WriteSlices();
