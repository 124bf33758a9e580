/**
 * Streams the rows of a CSV file through papaparse, slice by slice, so memory stays at a few slices
 * whatever the file's size. The text comes from our own streaming decoder (encoding.ts): papaparse's
 * own File reader decodes each byte slice separately, which breaks characters split between slices
 * and cannot read UTF-16 or Windows-1252 files chosen after a look at the content.
 *
 * papaparse reads Node-style readable streams ('data'/'end' events) chunk by chunk, keeping a row cut
 * off at the end of a chunk for the next one (quoted line breaks included). `TextSource` is the
 * smallest such stream: each `push` parses one piece of text synchronously, so the caller decides
 * when the next piece is read (that is the backpressure: no slice is read before the rows of the last
 * one are handed on). Delimiters are guessed from the first piece (comma, tab, semicolon, pipe).
 */
import Papa from 'papaparse';
import { decodeSlices, type DetectedEncoding, READ_SLICE_BYTES } from './encoding';

/** Text papaparse sees before it guesses the delimiter and line breaks. */
const GUESS_CHARS = 64 * 1024;

type Listener = (chunk?: string) => void;

/** A readable stream as papaparse recognises one (readable, read, on, removeListener). */
class TextSource {
  readonly readable = true;
  private listeners = new Map<string, Set<Listener>>();

  read(): null {
    return null;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  // papaparse calls these only if the parser is paused, which this reader never does.
  pause(): void {}
  resume(): void {}

  private emit(event: string, chunk?: string): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(chunk);
  }

  push(text: string): void {
    this.emit('data', text);
  }

  end(): void {
    this.emit('end');
  }
}

export interface CsvPiece {
  /** Rows completed by this piece of text, each an array of cell strings. */
  rows: string[][];
  /** Problems papaparse reported, with the row's index within `rows`. */
  problems: Array<{ index: number; message: string }>;
  /** Bytes of the file read so far. */
  bytesRead: number;
}

/** The rows of a CSV file in pieces, in file order. Throws if papaparse fails. */
export async function* readCsvRows(
  blob: Blob,
  encoding: DetectedEncoding,
  sliceBytes = READ_SLICE_BYTES,
): AsyncGenerator<CsvPiece> {
  const source = new TextSource();
  let parsed: CsvPiece[] = [];
  let failure: unknown = null;
  let bytesRead = 0;
  Papa.parse<string[]>(source as unknown as Papa.LocalFile, {
    header: false,
    skipEmptyLines: false,
    dynamicTyping: false,
    chunk(results) {
      const problems = results.errors
        // A single-column file has no delimiter to find; that is not a problem of any row.
        .filter((error) => error.type !== 'Delimiter')
        .map((error) => ({ index: error.row ?? 0, message: error.message }));
      parsed.push({ rows: results.data, problems, bytesRead });
    },
    error(error: Error) {
      failure = error;
    },
    // Required by the types for local input; streamed rows all went through `chunk`.
    complete() {},
  });
  const drain = function* () {
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
    const pieces = parsed;
    parsed = [];
    yield* pieces;
  };
  // papaparse guesses the delimiter and line break from the first text it gets: give it enough.
  let opening: string | null = '';
  for await (const piece of decodeSlices(blob, encoding, sliceBytes)) {
    bytesRead = piece.bytesRead;
    if (opening !== null && opening.length + piece.text.length < GUESS_CHARS) {
      opening += piece.text;
      continue;
    }
    source.push((opening ?? '') + piece.text);
    opening = null;
    yield* drain();
  }
  bytesRead = blob.size;
  if (opening) source.push(opening);
  source.end();
  yield* drain();
}
