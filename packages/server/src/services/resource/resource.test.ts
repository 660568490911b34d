import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile, signInForTest, type TestUser } from '../../../test/auth.ts';
import { makeExtendedWebp, makeJpeg, makePng, makeWebp } from '../../../test/images.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

let server: TestServer;
/** A coach, with two clients; another coach, with one client. */
let owner: TestUser;
let client: TestUser;
let sibling: TestUser;
let other: TestUser;
let otherClient: TestUser;
const tokens = new Map<string, string>();
/** The server's clock (`context.now`): signed URLs expire by it. */
let now = new Date('2031-03-04T10:05:00Z');

/** A bearer token of `user` (a live session), one per user. */
async function tokenFor(user: TestUser) {
  let token = tokens.get(user.userId);
  if (!token) {
    token = await signInForTest(server, user.userId);
    tokens.set(user.userId, token);
  }
  return token;
}

function pictureUrl(personId: string) {
  return `${server.baseUrl}/api/resource/profilePicture/${personId}`;
}

/** GET of a picture, as `user` (the owner by default; null: no bearer token). */
async function download(
  personId: string,
  { headers = {}, user = owner }: { headers?: Record<string, string>; user?: TestUser | null } = {},
) {
  return fetch(pictureUrl(personId), {
    headers: { ...headers, ...(user ? { authorization: `Bearer ${await tokenFor(user)}` } : {}) },
  });
}

/** GET of an address as the API answers it (`resource/...`), without a bearer token. */
function fetchAnswered(url: string, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/api/${url}`, { headers });
}

async function upload(
  body: BodyInit | Buffer,
  { user = owner as TestUser | null, contentType = 'image/png' as string | null, id = '' } = {},
) {
  const headers: Record<string, string> = {};
  if (user) headers.authorization = `Bearer ${await tokenFor(user)}`;
  if (contentType) headers['content-type'] = contentType;
  const payload = Buffer.isBuffer(body) ? new Uint8Array(body) : body;
  return fetch(pictureUrl(id || owner.personId), { method: 'PUT', headers, body: payload });
}

const notAnImage = {
  error: 'unsupported_image',
  message: 'You are able to only use images as a profile picture',
};
const tooLarge = {
  error: 'payload_too_large',
  message: 'File is too big for the upload, the limit is 7 MB. Please, choose another one',
};

beforeAll(async () => {
  server = await startTestServer({ services: ['resource'], now: () => now });
  const seed = (email: string, type: 'coach' | 'user', coachPersonId: string | null = null) =>
    createUserWithProfile(server.database, { email, password: 'Password1', type, coachPersonId });
  owner = await seed('owner@example.com', 'coach');
  client = await seed('client@example.com', 'user', owner.personId);
  sibling = await seed('sibling@example.com', 'user', owner.personId);
  other = await seed('other@example.com', 'coach');
  otherClient = await seed('other-client@example.com', 'user', other.personId);
});
afterAll(() => server.close());

describe('PUT /api/resource/profilePicture/:id', () => {
  it('stores a PNG and answers its url and ETag, with an audit row', async () => {
    const png = makePng(3, 2);
    const response = await upload(png);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; etag: string };
    expect(body.url).toMatch(
      new RegExp(`^resource/profilePicture/${owner.personId}\\?expires=\\d+&signature=[\\w-]{43}$`),
    );
    expect(body.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers.get('etag')).toBe(body.etag);
    const served = await download(owner.personId);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('etag')).toBe(body.etag);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const [row] = await server.database.db
      .select()
      .from(schema.profilePictures)
      .where(eq(schema.profilePictures.personId, owner.personId));
    expect(row).toMatchObject({
      contentType: 'image/png',
      width: 3,
      height: 2,
      byteSize: png.length,
    });
    const audit = await server.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'profile_picture_updated'),
          eq(schema.auditLog.subject, owner.personId),
        ),
      );
    expect(audit.length).toBeGreaterThan(0);
  });

  it('stores a JPEG and a WebP with their types', async () => {
    for (const [bytes, type] of [
      [makeJpeg(4, 3), 'image/jpeg'],
      [makeWebp(), 'image/webp'],
      [makeExtendedWebp(640, 480), 'image/webp'],
    ] as const) {
      const response = await upload(bytes, { contentType: type });
      expect(response.status).toBe(200);
      const served = await download(owner.personId);
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('decides the type by the bytes: a PNG sent as image/jpeg or octet-stream is a PNG', async () => {
    for (const contentType of ['image/jpeg', 'application/octet-stream', 'text/plain', null]) {
      const response = await upload(makePng(), { contentType });
      expect(response.status).toBe(200);
      const served = await download(owner.personId);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
  });

  it('accepts a multipart form with a file field, whatever its name and declared type', async () => {
    const form = new FormData();
    form.append('file', new Blob([makeJpeg()], { type: 'image/png' }), 'photo.png');
    const response = await upload(form, { contentType: null });
    expect(response.status).toBe(200);
    const served = await download(owner.personId);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a multipart form without a file field', async () => {
    const form = new FormData();
    form.append('picture', new Blob([makePng()]), 'photo.png');
    const response = await upload(form, { contentType: null });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request' });
  });

  const notImages: [string, Buffer][] = [
    ['text named .png', Buffer.from('hello, I am not a picture\n')],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an empty body', Buffer.alloc(0)],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    [
      'PNG magic then garbage',
      Buffer.concat([makePng().subarray(0, 8), Buffer.from('garbage!garbage!garbage!')]),
    ],
    ['a truncated PNG', makePng().subarray(0, 40)],
    ['a PNG with a corrupt IHDR checksum', corrupt(makePng(), 29)],
    [
      'a PNG with a script after IEND (polyglot)',
      Buffer.concat([makePng(), Buffer.from('<script>alert(1)</script>')]),
    ],
    ['JPEG magic then text', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('text')])],
    [
      'a JPEG with a zip after its end (polyglot)',
      Buffer.concat([makeJpeg(), Buffer.from('PK\x03\x04zip', 'latin1')]),
    ],
    ['a truncated WebP', makeWebp().subarray(0, 24)],
    [
      'a WebP with bytes after the RIFF container',
      Buffer.concat([makeWebp(), Buffer.from('extra')]),
    ],
  ];
  for (const [name, bytes] of notImages) {
    it(`refuses ${name} with 415`, async () => {
      const response = await upload(bytes, { contentType: 'image/png' });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(notAnImage);
    });
  }

  it('refuses text in a multipart file field named photo.png with 415', async () => {
    const form = new FormData();
    form.append('file', new Blob(['just text'], { type: 'image/png' }), 'photo.png');
    const response = await upload(form, { contentType: null });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(notAnImage);
  });

  it('refuses pictures with too many pixels with 422', async () => {
    for (const bytes of [
      makePng(8001, 10),
      makePng(7000, 7000),
      makeJpeg(10, 9000),
      makeExtendedWebp(8000, 6000),
    ]) {
      const response = await upload(bytes);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        error: 'image_too_large',
        message: 'The picture is too large: at most 8000 x 8000 pixels and 40 megapixels',
      });
    }
    expect((await upload(makePng(8000, 5000))).status).toBe(200);
  });

  it('refuses 7,000,001 bytes with 413 and keeps serving', async () => {
    const bytes = Buffer.concat([makePng(), Buffer.alloc(7_000_001 - makePng().length)]);
    const response = await upload(bytes, { contentType: 'application/octet-stream' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'big.png');
    const multipart = await upload(form, { contentType: null });
    expect(multipart.status).toBe(413);
    expect(await multipart.json()).toEqual(tooLarge);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await upload(makePng())).status).toBe(200);
  });

  it('stops reading a 20 MB streamed upload at the limit instead of buffering it', async () => {
    const token = await tokenFor(owner);
    const total = 20_000_000;
    const { port } = new URL(server.baseUrl);
    // A raw socket, chunked (no Content-Length to refuse up front): the limit must hold while
    // reading, and the answer comes while the client is still sending.
    const { received, written } = await new Promise<{ received: string; written: number }>(
      (resolve) => {
        let written = 0;
        let received = '';
        let isClosed = false;
        const socket = connect(Number(port), '127.0.0.1');
        socket.on('data', (chunk: Buffer) => {
          received += chunk.toString('latin1');
          // The whole answer is in (its JSON ends the body): stop sending.
          if (received.endsWith('}')) socket.destroy();
        });
        socket.on('error', () => {
          // The server closes the connection once it has answered; expected here.
        });
        socket.on('close', () => {
          isClosed = true;
          resolve({ received, written });
        });
        socket.write(
          `PUT /api/resource/profilePicture/${owner.personId} HTTP/1.1\r\n` +
            `Host: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
            'Content-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        const chunk = Buffer.concat([
          Buffer.from(`${(64 * 1024).toString(16)}\r\n`),
          Buffer.alloc(64 * 1024, 0x41),
          Buffer.from('\r\n'),
        ]);
        const pump = () => {
          while (!isClosed && received === '' && written < total) {
            written += 64 * 1024;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
          if (!isClosed && written >= total) socket.end('0\r\n\r\n');
        };
        pump();
      },
    );
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual(tooLarge);
    expect(written).toBeLessThan(total);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });

  it('refuses a declared 20 MB body from its Content-Length', async () => {
    const response = await upload(Buffer.alloc(20_000_000));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
  });

  it("refuses another person's id with 403 and anonymous callers with 401", async () => {
    const forbidden = await upload(makePng(), { id: other.personId });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      error: 'forbidden',
      message: 'You can only change your own profile picture',
    });
    const unknown = await upload(makePng(), { id: randomUUID() });
    expect(unknown.status).toBe(403);
    const anonymous = await upload(makePng(), { user: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized' });
    expect((await download(other.personId)).status).toBe(404);
  });
});

describe('GET /api/resource/profilePicture/:id', () => {
  it('answers 304 to a matching If-None-Match and revalidates on every use', async () => {
    const stored = await upload(makePng(5, 5));
    const { etag } = (await stored.json()) as { etag: string };
    const first = await download(owner.personId);
    expect(first.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const cached = await download(owner.personId, { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(await cached.text()).toBe('');
    const weak = await download(owner.personId, {
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.status).toBe(304);
    const stale = await download(owner.personId, {
      headers: { 'if-none-match': '"old"' },
    });
    expect(stale.status).toBe(200);
  });

  it('serves the second upload after a replace, with a new ETag', async () => {
    const first = makePng(2, 2, [255, 0, 0]);
    const second = makePng(2, 2, [0, 0, 255]);
    const { etag: firstTag } = (await (await upload(first)).json()) as { etag: string };
    const { etag: secondTag } = (await (await upload(second)).json()) as { etag: string };
    expect(secondTag).not.toBe(firstTag);
    const served = await download(owner.personId, {
      headers: { 'if-none-match': firstTag },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('etag')).toBe(secondTag);
    expect(Buffer.from(await served.arrayBuffer()).equals(second)).toBe(true);
    const rows = await server.database.db
      .select()
      .from(schema.profilePictures)
      .where(eq(schema.profilePictures.personId, owner.personId));
    expect(rows).toHaveLength(1);
  });

  it('serves either the old or the new picture while uploads race, never a mix', async () => {
    const pictures = [makePng(4, 4, [1, 2, 3]), makeJpeg(4, 4), makeWebp()];
    const reads: Promise<Response>[] = [];
    const writes = pictures.map((bytes) => upload(bytes));
    for (let index = 0; index < 6; index++) reads.push(download(owner.personId));
    expect((await Promise.all(writes)).map((response) => response.status)).toEqual([200, 200, 200]);
    for (const response of await Promise.all(reads)) {
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(pictures.some((picture) => picture.equals(bytes)) || response.status === 200).toBe(
        true,
      );
      expect(response.status).toBe(200);
    }
  });

  it('answers 404 JSON when there is no picture and 400 for an id that is not a UUID', async () => {
    const missing = await download(randomUUID());
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'No profile picture' });
    const malformed = await download('nope');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation_failed' });
  });
});

describe('who may have a picture: the rule of the person', () => {
  const noPicture = { error: 'not_found', message: 'No profile picture' };

  async function expectRefused(personId: string, user: TestUser) {
    const response = await download(personId, { user });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(noPicture);
  }

  async function expectServed(personId: string, user: TestUser, bytes: Buffer) {
    const response = await download(personId, { user });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  }

  it("serves a client's picture to the client and their coach, nobody else", async () => {
    const png = makePng(2, 3, [10, 20, 30]);
    expect((await upload(png, { user: client, id: client.personId })).status).toBe(200);
    await expectServed(client.personId, client, png);
    await expectServed(client.personId, owner, png);
    // Another client of the same coach, another coach, another coach's client: the 404 of a
    // missing picture, so nobody learns that one exists.
    await expectRefused(client.personId, sibling);
    await expectRefused(client.personId, other);
    await expectRefused(client.personId, otherClient);
  });

  it("serves a coach's picture to the coach and their clients, nobody else", async () => {
    const png = makePng(3, 3, [40, 50, 60]);
    expect((await upload(png)).status).toBe(200);
    await expectServed(owner.personId, owner, png);
    await expectServed(owner.personId, client, png);
    await expectServed(owner.personId, sibling, png);
    await expectRefused(owner.personId, other);
    await expectRefused(owner.personId, otherClient);
  });

  it('answers 401 to a caller with neither a bearer token nor a signed URL', async () => {
    expect((await upload(makePng())).status).toBe(200);
    const anonymous = await download(owner.personId, { user: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'unauthorized' });
    const badToken = await fetch(pictureUrl(owner.personId), {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(badToken.status).toBe(401);
  });
});

describe('signed picture URLs', () => {
  async function signedUrlOf(user: TestUser, bytes = makePng(2, 2, [7, 8, 9])) {
    const response = await upload(bytes, { user, id: user.personId });
    expect(response.status).toBe(200);
    return ((await response.json()) as { url: string }).url;
  }

  it('work without a bearer token until they expire, at most an hour after', async () => {
    now = new Date('2031-03-04T10:05:00Z');
    const png = makePng(4, 2, [1, 1, 1]);
    const url = await signedUrlOf(owner, png);
    const expires = Number(new URL(url, 'http://x/').searchParams.get('expires'));
    // Rounded to the half hour: the URL lives 30 to 60 minutes.
    expect(expires).toBe(Date.parse('2031-03-04T11:00:00Z') / 1000);
    const served = await fetchAnswered(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // ETag revalidation works through the signed URL too.
    const etag = served.headers.get('etag') ?? '';
    expect((await fetchAnswered(url, { 'if-none-match': etag })).status).toBe(304);

    now = new Date('2031-03-04T10:59:59Z');
    expect((await fetchAnswered(url)).status).toBe(200);
    now = new Date('2031-03-04T11:00:00Z');
    const expired = await fetchAnswered(url);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ error: 'not_found', message: 'No profile picture' });
    now = new Date('2031-03-04T10:05:00Z');
  });

  it('stay the same within a half hour, so caches keep working', async () => {
    now = new Date('2031-03-04T10:01:00Z');
    const first = await signedUrlOf(client);
    now = new Date('2031-03-04T10:29:00Z');
    expect(await signedUrlOf(client)).toBe(first);
    now = new Date('2031-03-04T10:31:00Z');
    const next = await signedUrlOf(client);
    expect(next).not.toBe(first);
    // Both work meanwhile.
    expect((await fetchAnswered(first)).status).toBe(200);
    expect((await fetchAnswered(next)).status).toBe(200);
    now = new Date('2031-03-04T10:05:00Z');
  });

  it('are refused when altered: signature, expiry or person', async () => {
    const url = await signedUrlOf(client);
    const parsed = new URL(url, 'http://x/');
    const expires = Number(parsed.searchParams.get('expires'));
    const signature = parsed.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    await signedUrlOf(sibling);
    const altered = [
      `resource/profilePicture/${client.personId}?expires=${expires}&signature=${flipped}`,
      `resource/profilePicture/${client.personId}?expires=${expires - 1}&signature=${signature}`,
      `resource/profilePicture/${client.personId}?expires=${expires}`,
      `resource/profilePicture/${client.personId}?signature=${signature}`,
      // Another person's picture with this person's signature.
      `resource/profilePicture/${sibling.personId}?expires=${expires}&signature=${signature}`,
    ];
    for (const candidate of altered) {
      const response = await fetchAnswered(candidate);
      expect(response.status, candidate).toBe(404);
      expect(await response.json()).toEqual({ error: 'not_found', message: 'No profile picture' });
    }
    // A signed URL decides alone: a bearer token beside a wrong signature does not help.
    const withBearer = await fetch(`${server.baseUrl}/api/${altered[0]}`, {
      headers: { authorization: `Bearer ${await tokenFor(client)}` },
    });
    expect(withBearer.status).toBe(404);
    const malformed = await fetchAnswered(
      `resource/profilePicture/${client.personId}?expires=${expires}&signature=not%20base64`,
    );
    expect(malformed.status).toBe(400);
  });

  it('keep working with the version the app adds to a new picture', async () => {
    const response = await upload(makePng(2, 2, [3, 3, 3]), { user: client, id: client.personId });
    const { url, etag } = (await response.json()) as { url: string; etag: string };
    const versioned = await fetchAnswered(`${url}&v=${encodeURIComponent(etag)}`);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('etag')).toBe(etag);
  });
});

function corrupt(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0xff;
  return copy;
}
