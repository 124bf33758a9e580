import { describe, expect, it, vi } from 'vitest';
import { PULL_CURSOR_HEADER, PULL_DONE_HEADER, SYNC_PROTOCOL_VERSION, type PushRequest } from '@shared/sync/protocol.schema';
import { CANDIDATE_LWW_FIELDS } from '@shared/schemas/candidate.schema';
import { makeCandidate } from '@shared/candidates/testing';
import { JsonArrayBlob } from '@/lib/json-array-blob';
import { httpTransport, SyncError } from './transport';

const answering = (response: () => Response | Promise<Response>) => httpTransport({ fetch: async () => response() });
const pull = (transport: ReturnType<typeof httpTransport>) => transport.pull({ clientId: '00000000-0000-4000-8000-000000000001' }).catch((e: unknown) => e as SyncError);

describe('httpTransport errors', () => {
  it('tells no answer from the server apart from an answer the server gave', async () => {
    const refused = await pull(httpTransport({ fetch: async () => Promise.reject(new TypeError('fetch failed')) }));
    expect(refused).toMatchObject({ kind: 'network' });
    // A Wi-Fi sign-in page instead of our JSON.
    const portal = await pull(answering(() => new Response('<html>Sign in to Hotel Wi-Fi</html>', { status: 200, headers: { 'content-type': 'text/html' } })));
    expect(portal).toMatchObject({ kind: 'network' });
    // A proxy with no server behind it.
    const gateway = await pull(answering(() => new Response('Bad Gateway', { status: 502 })));
    expect(gateway).toMatchObject({ kind: 'network', status: 502 });
    // The server itself answering that it is busy, in its own envelope: an answer.
    const busy = await pull(answering(() => new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The server is busy. Try again shortly.' }), { status: 503 })));
    expect(busy).toMatchObject({ kind: 'server', code: 'SERVICE_UNAVAILABLE', message: '503: The server is busy. Try again shortly.' });
  });
});

describe('httpTransport requests dropped', () => {
  /** A fetch that answers only when aborted (a request on its way when the connection went). */
  const hanging = () =>
    httpTransport({
      fetch: (_input, init) => new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    });

  it('when the device goes offline fail at once as with no answer, and a request after is sent as usual', async () => {
    const transport = hanging();
    const pulling = pull(transport);
    const pushing = transport.push({ clientId: '00000000-0000-4000-8000-000000000001', mutations: [] }).catch((e: unknown) => e as SyncError);
    transport.dropInFlight!();
    expect(await pulling).toMatchObject({ kind: 'network' });
    expect(await pushing).toMatchObject({ kind: 'network' });
    // Dropped once: a later request is not.
    const later = pull(transport);
    const settled = await Promise.race([later.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    expect(settled).toBe('waiting');
    transport.dropInFlight!();
    expect(await later).toMatchObject({ kind: 'network' });
  });

  it('are not sent while the browser says it is offline', async () => {
    let sent = 0;
    const transport = answering(() => (sent++, new Response('{}')));
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(await pull(transport)).toMatchObject({ kind: 'network' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toBe(0);
  });

  it('time out as before', async () => {
    const transport = httpTransport({
      pullTimeoutMs: 20,
      fetch: (_input, init) => new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    });
    expect(await pull(transport)).toMatchObject({ kind: 'network', message: expect.stringContaining('timed out') });
  });
});

describe('httpTransport requests', () => {
  it('declare the protocol version the app speaks, which the answers are parsed with', async () => {
    const sent: Array<{ url: URL; body: unknown }> = [];
    const transport = httpTransport({
      baseUrl: 'http://server.test',
      fetch: async (input, init) => {
        sent.push({ url: new URL(String(input)), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return new Response(JSON.stringify({ processedThrough: 0, results: [] }));
      },
    });
    const clientId = '00000000-0000-4000-8000-000000000001';
    expect(await transport.push({ clientId, mutations: [] })).toEqual({ processedThrough: 0, results: [] });
    await transport.pull({ clientId }).catch(() => undefined);
    expect(sent[0]!.body).toEqual({ protocol: SYNC_PROTOCOL_VERSION, clientId, mutations: [] });
    expect(sent[1]!.url.searchParams.get('protocol')).toBe(String(SYNC_PROTOCOL_VERSION));
  });

  it("ask for candidates' clocks as the stamp they share when the pull does, and read such a candidate's as every field's", async () => {
    const urls: URL[] = [];
    const stamp = '001795986992852-0000-1f3965f6650d47ed';
    const candidate = makeCandidate({ fieldClocks: Object.fromEntries(CANDIDATE_LWW_FIELDS.map((field) => [field, stamp])) });
    const page = { cursor: 'c', done: true, reset: false, includedThrough: 0, processedThrough: 0, candidates: [{ ...candidate, fieldClocks: stamp }], experiences: [], interviewNotes: [] };
    const transport = httpTransport({
      baseUrl: 'http://server.test',
      fetch: async (input) => (urls.push(new URL(String(input))), new Response(JSON.stringify(page))),
    });
    const clientId = '00000000-0000-4000-8000-000000000001';
    expect((await transport.pull({ clientId, sharedClocks: '1' })).candidates).toEqual([candidate]);
    await transport.pull({ clientId });
    expect(urls.map((url) => url.searchParams.get('sharedClocks'))).toEqual(['1', null]);
  });

  it('send a push whose mutations come written as JSON as one body: the envelope around them', async () => {
    const bodies: unknown[] = [];
    const transport = httpTransport({
      baseUrl: 'http://server.test',
      fetch: async (_input, init) => {
        expect(init?.body).toBeInstanceOf(Blob);
        bodies.push(JSON.parse(await (init!.body as Blob).text()));
        return new Response(JSON.stringify({ processedThrough: 1, results: [{ id: 1, status: 'applied' }] }));
      },
    });
    const clientId = '00000000-0000-4000-8000-000000000001';
    const mutations = [{ id: 1, name: 'candidates.delete', args: { uid: 'u1' }, hlc: 'h' }] as PushRequest['mutations'];
    const mutationsJson = new JsonArrayBlob();
    for (const mutation of mutations) mutationsJson.add(JSON.stringify(mutation));
    await transport.push({ clientId, mutationsJson: mutationsJson.toBlob() });
    expect(bodies).toEqual([{ clientId, protocol: SYNC_PROTOCOL_VERSION, mutations }]);
  });
});

describe("a pull page's head, from its headers", () => {
  const clientId = '00000000-0000-4000-8000-000000000001';
  const page = {
    cursor: 'eyJ2IjoxLCJlIjoiYSJ9',
    done: false,
    reset: false,
    includedThrough: 3,
    processedThrough: 4,
    erased: [],
    candidates: [],
    confirmed: [],
    experiences: [],
    interviewNotes: [],
  };
  /** A body sent as these byte chunks, the ones after `gateAt` only once `gate` resolves, with these headers. */
  const streamed = (chunks: Uint8Array[], headers: Record<string, string>, gateAt = chunks.length, gate: Promise<void> = Promise.resolve()) =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const [i, chunk] of chunks.entries()) {
            if (i === gateAt) await gate;
            controller.enqueue(chunk);
          }
          controller.close();
        },
      }),
      { headers },
    );
  const bytes = (text: string) => new TextEncoder().encode(text);
  const headOf = (cursor: string, done: boolean) => ({ [PULL_CURSOR_HEADER]: cursor, [PULL_DONE_HEADER]: String(done) });

  it("tells the page's cursor from its headers before its body has come, and answers the whole page", async () => {
    const json = JSON.stringify(page);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transport = answering(() => streamed([bytes(json.slice(0, 20)), bytes(json.slice(20))], headOf(page.cursor, false), 0, gate));
    let head: unknown = null;
    const answered = transport.pull({ clientId }, (h) => (head = h));
    await expect.poll(() => head).toEqual({ cursor: page.cursor, done: false });
    let resolved = false;
    void answered.then(() => (resolved = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(resolved).toBe(false);
    release();
    expect(await answered).toMatchObject({ cursor: page.cursor, includedThrough: 3, processedThrough: 4 });
  });

  it('tells a last page as done', async () => {
    const last = { ...page, done: true, cursor: 'bGFzdA' };
    const heads: unknown[] = [];
    const answer = await answering(() => streamed([bytes(JSON.stringify(last))], headOf(last.cursor, true))).pull({ clientId }, (h) => heads.push(h));
    expect(answer).toMatchObject({ done: true, cursor: 'bGFzdA' });
    expect(heads).toEqual([{ cursor: 'bGFzdA', done: true }]);
  });

  it('tells nothing of a page without its head in headers (or with one it cannot read), and still answers it', async () => {
    const unreadable: Array<Record<string, string>> = [{}, { [PULL_CURSOR_HEADER]: page.cursor }, { ...headOf(page.cursor, false), [PULL_DONE_HEADER]: 'yes' }, headOf('', false)];
    for (const headers of unreadable) {
      const heads: unknown[] = [];
      const answer = await answering(() => streamed([bytes(JSON.stringify(page))], headers)).pull({ clientId }, (h) => heads.push(h));
      expect(answer).toMatchObject({ cursor: page.cursor, done: false });
      expect(heads, JSON.stringify(headers)).toEqual([]);
    }
    // Cut off in the middle, its head told: no answer, as before.
    const heads: unknown[] = [];
    const cut = await answering(() => streamed([bytes(JSON.stringify(page).slice(0, 60))], headOf(page.cursor, false)))
      .pull({ clientId }, (h) => heads.push(h))
      .catch((e: unknown) => e as SyncError);
    expect(cut).toMatchObject({ kind: 'network' });
    expect(heads).toEqual([{ cursor: page.cursor, done: false }]);
  });
});
