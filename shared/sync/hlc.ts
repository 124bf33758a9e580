/**
 * Hybrid logical clock. A stamp is `MMMMMMMMMMMMMMM-CCCC-NODE`: wall-clock milliseconds (15 digits),
 * a counter (4 hex digits) and the writer's node id, so stamps compare correctly as plain strings.
 * Every field write carries a stamp; the larger stamp wins (see merge.ts). A clock never goes
 * backwards, even if the wall clock does, and it moves past every stamp it has seen.
 */

export const MAX_DRIFT_MS = 5 * 60 * 1000;
const MAX_COUNTER = 0xffff;

export interface HlcParts {
  millis: number;
  counter: number;
  node: string;
}

export function formatHlc({ millis, counter, node }: HlcParts): string {
  return `${String(millis).padStart(15, '0')}-${counter.toString(16).padStart(4, '0')}-${node}`;
}

const HLC_PATTERN = /^(\d{15})-([0-9a-f]{4})-([A-Za-z0-9_]{1,32})$/;

export function isHlc(value: unknown): value is string {
  return typeof value === 'string' && HLC_PATTERN.test(value);
}

export function parseHlc(stamp: string): HlcParts {
  const match = HLC_PATTERN.exec(stamp);
  if (!match) throw new Error(`Not a clock stamp: ${stamp}`);
  return { millis: Number(match[1]), counter: parseInt(match[2]!, 16), node: match[3]! };
}

let lastIso: { stamp: string; iso: string } | undefined;

/**
 * The wall-clock instant of a stamp, as an ISO string. Remembers the last answer: an import stamps each
 * of its thousands of rows with the same stamp.
 */
export function hlcToIso(stamp: string): string {
  if (lastIso?.stamp !== stamp) lastIso = { stamp, iso: new Date(parseHlc(stamp).millis).toISOString() };
  return lastIso.iso;
}

/** A node id from any id (e.g. a client uuid): 16 safe characters. */
export function nodeIdFrom(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9]/g, '');
  return (cleaned + '0000000000000000').slice(0, 16);
}

/**
 * A stamp from a clock more than MAX_DRIFT_MS ahead of `now` is pulled back to `now`, so one device
 * with a wrong clock cannot win every future conflict.
 */
export function clampHlc(stamp: string, now: number, maxDriftMs = MAX_DRIFT_MS): string {
  const parts = parseHlc(stamp);
  if (parts.millis <= now + maxDriftMs) return stamp;
  return formatHlc({ millis: now, counter: parts.counter, node: parts.node });
}

export class HybridLogicalClock {
  private millis = 0;
  private counter = 0;

  constructor(
    readonly node: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!/^[A-Za-z0-9_]{1,32}$/.test(node)) throw new Error(`Bad clock node id: ${node}`);
  }

  /** A new stamp for a local write. */
  tick(): string {
    const wall = this.now();
    if (wall > this.millis) {
      this.millis = wall;
      this.counter = 0;
    } else {
      this.counter += 1;
      if (this.counter > MAX_COUNTER) {
        this.millis += 1;
        this.counter = 0;
      }
    }
    return formatHlc({ millis: this.millis, counter: this.counter, node: this.node });
  }

  /** Moves this clock past a stamp seen from elsewhere (clamped if it is too far ahead). */
  receive(stamp: string): void {
    const remote = parseHlc(clampHlc(stamp, this.now()));
    if (remote.millis > this.millis || (remote.millis === this.millis && remote.counter > this.counter)) {
      this.millis = remote.millis;
      this.counter = remote.counter;
    }
  }
}
