import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';
import { createUserWithProfile, type TestUser } from '../auth/testing.ts';
import { makeExtendedWebp, makeJpeg, makePng, makeWebp } from './testImages.ts';

let server: TestServer;
let owner: TestUser;
let other: TestUser;
const tokens = new Map<string, string>();

async function tokenFor(user: TestUser) {
  let token = tokens.get(user.userId);
  if (!token) {
    token = await server.context.accessTokens.sign({
      userId: user.userId,
      organisationId: server.database.organisationId,
      sessionId: randomUUID(),
    });
    tokens.set(user.userId, token);
  }
  return token;
}

function pictureUrl(personId: string) {
  return `${server.baseUrl}/api/resource/profilePicture/${personId}`;
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
  server = await startTestServer({ services: ['resource'] });
  owner = await createUserWithProfile(server.database, {
    email: 'owner@example.com',
    password: 'Password1',
    type: 'coach',
  });
  other = await createUserWithProfile(server.database, {
    email: 'other@example.com',
    password: 'Password1',
    type: 'coach',
  });
});
afterAll(() => server.close());

describe('PUT /api/resource/profilePicture/:id', () => {
  it('stores a PNG and answers its url and ETag, with an audit row', async () => {
    const png = makePng(3, 2);
    const response = await upload(png);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; etag: string };
    expect(body.url).toBe(`resource/profilePicture/${owner.personId}`);
    expect(body.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers.get('etag')).toBe(body.etag);
    const served = await fetch(pictureUrl(owner.personId));
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
      const served = await fetch(pictureUrl(owner.personId));
      expect(served.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('decides the type by the bytes: a PNG sent as image/jpeg or octet-stream is a PNG', async () => {
    for (const contentType of ['image/jpeg', 'application/octet-stream', 'text/plain', null]) {
      const response = await upload(makePng(), { contentType });
      expect(response.status).toBe(200);
      const served = await fetch(pictureUrl(owner.personId));
      expect(served.headers.get('content-type')).toBe('image/png');
    }
  });

  it('accepts a multipart form with a file field, whatever its name and declared type', async () => {
    const form = new FormData();
    form.append('file', new Blob([makeJpeg()], { type: 'image/png' }), 'photo.png');
    const response = await upload(form, { contentType: null });
    expect(response.status).toBe(200);
    const served = await fetch(pictureUrl(owner.personId));
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
    expect((await fetch(pictureUrl(other.personId))).status).toBe(404);
  });
});

describe('GET /api/resource/profilePicture/:id', () => {
  it('answers 304 to a matching If-None-Match and revalidates on every use', async () => {
    const stored = await upload(makePng(5, 5));
    const { etag } = (await stored.json()) as { etag: string };
    const first = await fetch(pictureUrl(owner.personId));
    expect(first.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const cached = await fetch(pictureUrl(owner.personId), { headers: { 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect(await cached.text()).toBe('');
    const weak = await fetch(pictureUrl(owner.personId), {
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(weak.status).toBe(304);
    const stale = await fetch(pictureUrl(owner.personId), {
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
    const served = await fetch(pictureUrl(owner.personId), {
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
    for (let index = 0; index < 6; index++) reads.push(fetch(pictureUrl(owner.personId)));
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
    const missing = await fetch(pictureUrl(randomUUID()));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'No profile picture' });
    const malformed = await fetch(pictureUrl('nope'));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation_failed' });
  });
});

function corrupt(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] ?? 0) ^ 0xff;
  return copy;
}
