/**
 * How many candidates one bulk write sends at once. A slice's puts run in one task of the page's main
 * thread (the browser may render between two). On a machine to itself PUT_SLICE_ROWS take about 30 ms;
 * while other work competes for its cores, the same slice held the thread far longer than it ran: in
 * an import sending as it went, on two cores shared with the sync server and its database, 500 rows
 * took 270–340 ms of wall time at 80–95 ms of CPU, the profile's samples inside IndexedDB's put (bench:import,
 * 27 November 2026). So a slice goes out in steps and ends once `targetMs` has passed (send), and
 * what it managed sizes the next (took), which callers that read before they write ask for.
 */
import { PUT_SLICE_ROWS, type LocalCandidate, type RepHireDb } from './database';

/** The fewest rows a slice shrinks to: below it, a write's fixed costs would dominate. */
const MIN_SLICE_ROWS = 50;
/** What a slice's puts should take of the main thread, leaving the rest of its task room under 200 ms. */
const TARGET_SLICE_MS = 40;
/**
 * In a write whose steps may grow (newSteps), a step quicker than this share of the target doubles the
 * next; one slower than twice it halves the next. Rows a new device keeps in blocks
 * (candidate-blocks.ts) cost little each: sent 50 to a step, a pull of 100,000 made 2,000 blocks and as
 * many Dexie writes, each with its fixed costs (bench:import, BENCH_KINDS=new-device, CPU profile,
 * 2 December 2026). Rows a record each take 8–10 ms for 50 on a slow machine and stay in short steps;
 * an import's writes, which grew too at an eighth, had tasks of 55–76 ms of CPU in IndexedDB's put
 * instead of 42–52 ms (bench:import's online run, the same day), so only the pull asks for growth.
 */
const QUICK_STEP_SHARE = 1 / 16;

/**
 * One write's step size: from the fewest rows; when it `grows`, doubled while its steps are quick and
 * halved when slow (QUICK_STEP_SHARE). Kept per write, not per page: a pull into blocks and an import's
 * writes a record each can alternate, and a step grown on the one would be one long task on the other.
 */
export interface Steps {
  rows: number;
  readonly grows: boolean;
}

export class WriteSlices {
  private size: number;

  constructor(
    private readonly maxRows = PUT_SLICE_ROWS,
    private readonly minRows = MIN_SLICE_ROWS,
    private readonly targetMs = TARGET_SLICE_MS,
  ) {
    this.size = maxRows;
  }

  /** Steps for a new write, from the fewest rows; `grows`: whether they may grow (see QUICK_STEP_SHARE). */
  newSteps(grows = false): Steps {
    return { rows: this.minRows, grows };
  }

  /** Rows for the next slice: what a caller reads before it writes (the ids a sync gives) asks for so many. */
  get rows(): number {
    return this.size;
  }

  /**
   * A slice of `rows` took `ms` to send: the next one is sized halfway to what would take `targetMs`
   * (one slow slice, a garbage collection in it, does not halve the pace at once).
   */
  took(rows: number, ms: number): void {
    const fits = ms > 0 ? (rows * this.targetMs) / ms : this.maxRows;
    this.size = Math.round(Math.min(this.maxRows, Math.max(this.minRows, (this.size + fits) / 2)));
  }

  /** A step of `rows` took `ms`: a quick full one doubles the next, a slow one halves it. */
  private stepTook(steps: Steps, rows: number, ms: number): void {
    if (!steps.grows) return;
    const quick = this.targetMs * QUICK_STEP_SHARE;
    if (rows === steps.rows && ms < quick) steps.rows = Math.min(this.maxRows, rows * 2);
    else if (ms > 2 * quick) steps.rows = Math.max(this.minRows, Math.round(steps.rows / 2));
  }

  /**
   * Sends one slice of `items`, from `from`, in steps (`put` issues a step's puts before it returns;
   * the fewest rows, or more in a write whose steps grow: stepTook) until `targetMs` has passed or the
   * slice has `rows`: the time is checked after every step, so a slice stops on time however much
   * slower than the last the writes have become (a size guessed from the last slice alone let a task
   * run 230–290 ms while the server and its database took the cores: bench:import, 27 November 2026). Answers where it stopped and when its puts are
   * written; the slice sizes the next one (took), unless it is the short last one of a write.
   * `taskStartedAt`: when the caller's task began its work (performance.now()), when known; `steps`:
   * the write's step size (newSteps), carried from one of its slices to the next.
   */
  send<T>(items: readonly T[], from: number, put: (step: T[]) => Promise<unknown>, taskStartedAt?: number, steps = this.newSteps()): { to: number; written: Promise<unknown> } {
    const started = performance.now();
    // The task's own work before the slice counts against the time: a slice sent after an import's
    // batch was merged, or after another slice in the same task, gets what is left (one step at least).
    const since = Math.min(started, taskStartedAt ?? started);
    const end = Math.min(items.length, from + this.size);
    const puts: Array<Promise<unknown>> = [];
    let to = from;
    let now = started;
    do {
      const step = items.slice(to, Math.min(end, to + steps.rows));
      puts.push(put(step));
      to += step.length;
      const stepStarted = now;
      now = performance.now();
      this.stepTook(steps, step.length, now - stepStarted);
    } while (to < end && now - since < this.targetMs);
    const ms = now - started;
    // Ended by the work before it: how long its own puts took says little of the pace.
    const cutShort = ms < this.targetMs && now - since >= this.targetMs;
    // The last of a write, ended by its rows before its time or size: too few to go by.
    if (!cutShort && (ms >= this.targetMs || end - from === this.size)) this.took(to - from, ms);
    return { to, written: puts.length === 1 ? puts[0]! : Promise.all(puts) };
  }
}

/** The page's candidate writes (the mutations' store, the ids a sync gives): one pace for all of them. */
export const candidateWriteSlices = new WriteSlices();

/**
 * Puts rows into the candidates table inside the caller's transaction, a slice per task at the page's
 * pace (candidateWriteSlices); `toRow` makes each slice's rows as it goes. A pulled page of 10,000 rows
 * put at once was one task of 640 ms (332 ms of CPU).
 *
 * The next slice is sent once the first half of the last is written (its middle step's callback, where
 * the transaction takes requests), so the browser's IndexedDB backend writes the second half while the
 * page sends the next. Sent once the whole of the last was written, the two took turns: a new device's
 * pull of 100,000 candidates spent 7.9 s in its puts, against 6.3 s for the same rows written with raw
 * IndexedDB (bench:import, BENCH_KINDS=new-device, 29 November 2026). A transaction's requests complete
 * in order, so by then the slice before is written: awaiting it only reports its failure.
 */
export async function putCandidatesInSlices<T>(db: RepHireDb, rows: readonly T[], toRow: (row: T) => LocalCandidate, { growSteps = false } = {}): Promise<void> {
  let before: Promise<unknown> | null = null;
  const pace = candidateWriteSlices.newSteps(growSteps);
  for (let at = 0; at < rows.length; ) {
    const steps: Array<Promise<unknown>> = [];
    const { to, written } = candidateWriteSlices.send(
      rows,
      at,
      (step) => {
        const put = db.candidates.bulkPut(step.map(toRow));
        steps.push(put);
        return put;
      },
      undefined,
      pace,
    );
    at = to;
    // Awaited below, or by the next turn: a failure meanwhile is not left unhandled.
    written.catch(() => {});
    await steps[(steps.length - 1) >> 1];
    await before;
    before = written;
  }
  await before;
}
