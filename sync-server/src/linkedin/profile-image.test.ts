/**
 * The profile-picture proxy. Internal and foreign addresses are refused before any connection; the
 * happy path is served by a local https server with a certificate made for this test, through a fetcher
 * whose address rule allows 127.0.0.1 only (production's rule allows public addresses only).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { HttpClient } from '../../tests/helpers/http-client';
import { PNG, startImageHost, type ImageHost } from '../../tests/helpers/image-host';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { createProfileImageFetcher, ImageFetchError, sniffImageType, type ImageFetchPolicy } from './profile-image';

let server: TestServer;
let images: ImageHost;
let imagesUrl: string;
let cert: string;
let hits: string[];
let localApp: import('node:http').Server;
let localAppUrl: string;
let rita: HttpClient;
let ritaId: number;
let samId: number;

/** The local image host, with a route for every way a picture can go wrong. */
function startPictureHost(): Promise<ImageHost> {
  return startImageHost((req, res, host) => {
    switch (req.url) {
      case '/pic.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return true;
      case '/redirect-ok':
        res.writeHead(302, { location: '/pic.png' }).end();
        return true;
      case '/redirect-internal':
        res.writeHead(302, { location: 'https://10.0.0.1/pic.png' }).end();
        return true;
      case '/redirect-http':
        res.writeHead(302, { location: `http://127.0.0.1:${host.port}/pic.png` }).end();
        return true;
      case '/loop':
        res.writeHead(302, { location: `${host.url}/loop` }).end();
        return true;
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
        return true;
      case '/svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return true;
      case '/fake.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
        return true;
      case '/huge.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
        return true;
      case '/slow.png':
        return true; // never answers
      default:
        res.writeHead(404).end();
        return true;
    }
  });
}

function testPolicy(): Partial<ImageFetchPolicy> {
  return { isAllowedAddress: (ip) => ip === '127.0.0.1', allowedPorts: 'any', ca: cert, timeoutMs: 1000 };
}

async function addLead(userId: number, linkedinUrl: string, profilePicUrl: string | null) {
  await server.db.knex('linkedin_sales_reps').insert({
    id: server.db.knex.raw('gen_random_uuid()'),
    userId,
    linkedinUrl,
    profilePicUrl,
    fullName: 'Pat Doe',
    jobTitleInput: 'Sales Representative',
    locationInput: 'US',
  });
}

const imagePath = (linkedinUrl: string) => `/api/linkedin/profile-image/${encodeURIComponent(linkedinUrl)}`;

beforeAll(async () => {
  images = await startPictureHost();
  ({ cert, hits, url: imagesUrl } = images);
  server = await startTestServer();
  rita = await server.recruiterClient('rita');
  const sam = await server.recruiterClient('sam');
  ritaId = (await rita.get('/api/user')).body.id;
  samId = (await sam.get('/api/user')).body.id;
  // A second app on the same database (so the same session works) whose fetcher may reach the local host.
  localApp = createApp({
    knex: server.db.knex,
    config: server.config,
    leads: { imageFetcher: createProfileImageFetcher(testPolicy()) },
  }).listen(0, '127.0.0.1');
  await new Promise((r) => localApp.once('listening', r));
  localAppUrl = `http://127.0.0.1:${(localApp.address() as AddressInfo).port}`;
});
afterAll(async () => {
  localApp.closeAllConnections();
  await new Promise((r) => localApp.close(r));
  await images.close();
  await server.close();
});

async function refusal(fetcher: ReturnType<typeof createProfileImageFetcher>, url: string): Promise<ImageFetchError> {
  const error = await fetcher(url).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(ImageFetchError);
  return error as ImageFetchError;
}

describe('the production fetcher refuses internal addresses before connecting', () => {
  it('refuses loopback, private, link-local and IPv6 internal hosts, and names resolving to them', async () => {
    // Ports opened up, so only the address rule stands between the fetcher and the local host.
    const strictAddresses = createProfileImageFetcher({ allowedPorts: 'any', ca: cert, timeoutMs: 1000 });
    const port = images.port;
    const before = hits.length;
    for (const url of [
      `https://127.0.0.1:${port}/pic.png`,
      `https://localhost:${port}/pic.png`,
      `https://[::1]:${port}/pic.png`,
      `https://[::ffff:127.0.0.1]:${port}/pic.png`,
      'https://10.0.0.7/pic.png',
      'https://192.168.1.1/pic.png',
      'https://169.254.169.254/latest/meta-data/',
      'https://[fd00::1]/pic.png',
    ]) {
      expect((await refusal(strictAddresses, url)).reason, url).toBe('not_allowed');
    }
    const rebinding = createProfileImageFetcher({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect((await refusal(rebinding, 'https://pics.example/a.jpg')).reason).toBe('not_allowed');
    expect(hits.length).toBe(before);
  });

  it('refuses other schemes, credentials and ports', async () => {
    const strict = createProfileImageFetcher({ resolve: async () => [{ address: '93.184.216.34', family: 4 }] });
    for (const url of ['http://pics.example/a.jpg', 'https://user:pw@pics.example/a.jpg', 'https://pics.example:8443/a.jpg', 'file:///etc/passwd', 'not a url']) {
      expect((await refusal(strict, url)).reason, url).toBe('not_allowed');
    }
  });

  it('recognises real images by their bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('<svg/>'))).toBeUndefined();
  });
});

describe('GET /api/linkedin/profile-image/:url', () => {
  it('serves only the stored picture of the user’s own lead', async () => {
    await addLead(ritaId, 'https://www.linkedin.com/in/rita-lead', `${imagesUrl}/pic.png`);
    await addLead(samId, 'https://www.linkedin.com/in/sam-lead', `${imagesUrl}/pic.png`);
    await addLead(ritaId, 'https://www.linkedin.com/in/no-pic', null);
    const client = Object.assign(new HttpClient(localAppUrl), { cookies: rita.cookies });

    const ok = await fetch(localAppUrl + imagePath('https://www.linkedin.com/in/rita-lead'), { headers: { cookie: [...rita.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);

    const before = hits.length;
    expect((await client.get(imagePath('https://www.linkedin.com/in/sam-lead'))).status).toBe(404);
    expect((await client.get(imagePath('https://www.linkedin.com/in/no-pic'))).status).toBe(404);
    expect((await client.get(imagePath(`${imagesUrl}/pic.png`))).status).toBe(404);
    expect((await new HttpClient(localAppUrl).get(imagePath('https://www.linkedin.com/in/rita-lead'))).status).toBe(401);
    expect(hits.length).toBe(before);
  });

  it('refuses a stored internal or plain-http address with the production fetcher', async () => {
    for (const [slug, pic] of [
      ['metadata', 'https://169.254.169.254/latest/meta-data/iam/'],
      ['loopback', 'https://127.0.0.1/admin'],
      ['private', 'https://10.1.2.3/pic.png'],
      ['v6-loopback', 'https://[::1]/pic.png'],
      ['localhost', 'https://localhost/pic.png'],
      ['plain-http', 'http://pics.example/pic.png'],
    ] as const) {
      await addLead(ritaId, `https://www.linkedin.com/in/${slug}`, pic);
      const res = await rita.get(imagePath(`https://www.linkedin.com/in/${slug}`));
      expect(res.status, slug).toBe(403);
      expect(res.body.message).toBe('The profile picture is at an address RepHire does not fetch');
    }
  });

  it('follows redirects only to allowed https addresses, and serves only real, small, timely images', async () => {
    const cases: Array<[string, number]> = [
      ['redirect-ok', 200],
      ['redirect-internal', 403],
      ['redirect-http', 403],
      ['loop', 502],
      ['html', 502],
      ['svg', 502],
      ['fake.png', 502],
      ['huge.png', 502],
      ['slow.png', 502],
    ];
    const client = Object.assign(new HttpClient(localAppUrl), { cookies: rita.cookies });
    for (const [name, status] of cases) {
      const leadUrl = `https://www.linkedin.com/in/case-${name}`;
      await addLead(ritaId, leadUrl, `${imagesUrl}/${name}`);
      const res = await client.get(imagePath(leadUrl));
      expect(res.status, name).toBe(status);
      if (status !== 200) expect(res.headers.get('content-type'), name).toMatch(/json/);
    }
  });
});
