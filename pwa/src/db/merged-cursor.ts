/**
 * A cursor over the candidates table's rows and its block rows together (candidate-blocks.ts).
 */
import Dexie, { cmp, type DBCoreCursor, type DBCoreTransaction } from 'dexie';
import type { Hit } from './block-index';

const P = Dexie.Promise;

/**
 * A cursor over the row table's cursor and the block rows' entries together, in the order one
 * IndexedDB cursor over both would go (Dexie's DBCoreCursor protocol: start, continue, stop…).
 */
export class MergedCursor implements DBCoreCursor {
  done = false;
  private at = 0;
  private onReal = false;
  private realDone: boolean;
  private finished = false;
  private skip = 0;
  /** The row table's cursor's move the current step asked for, made when the step returns. */
  private realMove: (() => void) | null = null;
  private lastKey: unknown = undefined;
  private resolve: (value: unknown) => void = () => {};
  private reject: (error: unknown) => void = () => {};

  constructor(
    readonly trans: DBCoreTransaction,
    private readonly real: DBCoreCursor | null,
    private readonly hits: Array<Hit & { value?: unknown }>,
    private readonly direction: 1 | -1,
    private readonly unique: boolean,
  ) {
    this.realDone = !real;
  }

  get key(): unknown {
    return this.onReal ? this.real!.key : this.hits[this.at]!.key;
  }
  get primaryKey(): unknown {
    return this.onReal ? this.real!.primaryKey : this.hits[this.at]!.primaryKey;
  }
  get value(): unknown {
    return this.onReal ? this.real!.value : this.hits[this.at]!.value;
  }

  private order(key: unknown, primaryKey: unknown, other: Hit): number {
    return this.direction * (cmp(key, other.key) || cmp(primaryKey, other.primaryKey));
  }

  /** Points at the nearer of the two sides' entries; false when both are done. */
  private pick(): boolean {
    const hit = this.hits[this.at];
    if (this.realDone && !hit) return false;
    this.onReal = !hit || (!this.realDone && this.order(this.real!.key, this.real!.primaryKey, hit) <= 0);
    return true;
  }

  /** Moves on to the next position at or past (key, primaryKey) in the cursor's direction (both undefined: the next). */
  private moveTo(key?: unknown, primaryKey?: unknown): void {
    if (key === undefined) {
      if (this.onReal) this.realMove = () => this.real!.continue();
      else this.at += 1;
      return;
    }
    const before = (k: unknown, pk: unknown) => {
      const c = this.direction * cmp(k, key);
      return c < 0 || (c === 0 && primaryKey !== undefined && this.direction * cmp(pk, primaryKey) < 0);
    };
    while (this.at < this.hits.length && before(this.hits[this.at]!.key, this.hits[this.at]!.primaryKey)) this.at += 1;
    if (!this.realDone && before(this.real!.key, this.real!.primaryKey)) {
      this.realMove = primaryKey === undefined ? () => this.real!.continue(key) : () => this.real!.continuePrimaryKey(key, primaryKey);
    }
  }

  continue(key?: unknown): void {
    this.moveTo(key);
  }
  continuePrimaryKey(key: unknown, primaryKey: unknown): void {
    this.moveTo(key, primaryKey);
  }
  advance(count: number): void {
    this.skip = count - 1;
    this.moveTo();
  }

  stop(value?: unknown): void {
    if (this.finished) return;
    this.finished = true;
    if (!this.realDone) this.real!.stop();
    this.resolve(value);
  }

  fail(error: Error): void {
    if (this.finished) return;
    this.finished = true;
    if (!this.realDone) this.real!.stop();
    this.reject(error);
  }

  next(): Promise<DBCoreCursor> {
    let gotOne = 1;
    return this.start(() => (gotOne-- ? this.continue() : this.stop())).then(() => this);
  }

  start(onNext: () => void): Promise<unknown> {
    return new P((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
      // Runs positions until the row table's cursor must move (its next answer runs the rest) or the end.
      const run = () => {
        while (!this.finished) {
          if (!this.pick()) {
            this.done = true;
            this.stop();
            return;
          }
          const duplicate = this.unique && this.lastKey !== undefined && cmp(this.key, this.lastKey) === 0;
          if (duplicate || this.skip > 0) {
            if (!duplicate) this.skip -= 1;
            this.moveTo();
          } else {
            this.lastKey = this.key;
            try {
              onNext();
            } catch (error) {
              this.fail(error as Error);
              return;
            }
          }
          const move = this.realMove;
          if (move) {
            this.realMove = null;
            move();
            return;
          }
        }
      };
      if (!this.real) return run();
      P.resolve(this.real.start(run)).then(
        () => {
          this.realDone = true;
          run();
        },
        (error: unknown) => {
          this.realDone = true;
          this.fail(error as Error);
        },
      );
    });
  }
}
