/**
 * A JSON array written element by element into a Blob, for a request body that is never one string on
 * the main thread. A push of 4 MB sent as a string cost one task 80–110 ms of CPU inside fetch, which
 * encoded and copied it whole, beside the stringify of the whole body; as a Blob, each element's text
 * is encoded when it is added (in the task that gathered it: push.ts reads an entry per task) and fetch
 * sends the Blob's bytes as they are. Small elements are held as text until they make a part of
 * PART_CHARS, so a push of many small changes makes a few Blobs, not one per change.
 */
const PART_CHARS = 256 * 1024;

export class JsonArrayBlob {
  private readonly parts: Blob[] = [];
  private pending: string[] = [];
  private pendingChars = 0;
  private count = 0;

  /** Adds one element: `json` is its JSON text (JSON.stringify of it). */
  add(json: string): void {
    if (this.count++) this.pending.push(',');
    this.pending.push(json);
    this.pendingChars += json.length + 1;
    if (this.pendingChars >= PART_CHARS) this.flush();
  }

  /** The array's JSON, `[` to `]`. */
  toBlob(): Blob {
    this.flush();
    return new Blob(['[', ...this.parts, ']'], { type: 'application/json' });
  }

  private flush() {
    if (!this.pending.length) return;
    this.parts.push(new Blob(this.pending));
    this.pending = [];
    this.pendingChars = 0;
  }
}
