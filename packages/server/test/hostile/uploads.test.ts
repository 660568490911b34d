import { crc32 } from 'node:zlib';
import { limits } from '@coach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile, signInForTest, type TestUser } from '../auth.ts';
import { makeExtendedWebp, makeJpeg, makePng, makeWebp } from '../images.ts';
import { startTestServer, type TestServer } from '../testServer.ts';
import { recordHostileResults } from './results.ts';

// Hostile picture uploads over real HTTP: files that only pretend to be images (SVG, HTML,
// polyglots), a type that lies, pixel floods, and the byte limit to the byte. A refused upload
// leaves the stored picture as it was; an accepted one is served back byte for byte, with the
// type its bytes have and headers that keep a browser from running it.

let server: TestServer;
let owner: TestUser;
let token: string;
const figures = { accepted: 0, refused: 0, byStatus: {} as Record<string, number> };

const notAnImage = {
  error: 'unsupported_image',
  message: 'You are able to only use images as a profile picture',
};
const tooLarge = {
  error: 'payload_too_large',
  message: 'File is too big for the upload, the limit is 7 MB. Please, choose another one',
};
const tooManyPixels = {
  error: 'image_too_large',
  message: 'The picture is too large: at most 8000 x 8000 pixels and 40 megapixels',
};

function pictureUrl() {
  return `${server.baseUrl}/api/resource/profilePicture/${owner.personId}`;
}

async function upload(body: Buffer | FormData, contentType: string | null = 'image/png') {
  const response = await fetch(pictureUrl(), {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
  });
  const answer = { status: response.status, body: await response.json() };
  figures.byStatus[answer.status] = (figures.byStatus[answer.status] ?? 0) + 1;
  if (answer.status < 300) figures.accepted += 1;
  else figures.refused += 1;
  return answer;
}

async function stored() {
  const response = await fetch(pictureUrl(), { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

function form(bytes: Buffer, filename: string, type: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

/** A valid PNG of exactly `size` bytes: a private ancillary chunk pads it (decoders skip it). */
function pngOfSize(size: number): Buffer {
  const png = makePng();
  const iend = png.subarray(png.length - 12);
  const padding = Buffer.alloc(size - png.length - 12, 0x61);
  const typeAndData = Buffer.concat([Buffer.from('paDd', 'latin1'), padding]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(padding.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([png.subarray(0, png.length - 12), length, typeAndData, crc, iend]);
}

/** A PNG whose text chunk holds a script: a valid image, served as one and never run. */
function pngWithScriptText(): Buffer {
  const png = makePng();
  const typeAndData = Buffer.from('tEXtComment\u0000<script>alert(1)</script>', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(typeAndData.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([png.subarray(0, 33), length, typeAndData, crc, png.subarray(33)]);
}

const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" ' +
    'onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
);
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

beforeAll(async () => {
  server = await startTestServer({ services: ['resource'] });
  owner = await createUserWithProfile(server.database, {
    email: 'owner@example.com',
    password: 'Password1',
    type: 'coach',
  });
  token = await signInForTest(server, owner.userId);
  expect((await upload(makePng(3, 3))).status).toBe(200);
});

afterAll(async () => {
  await recordHostileResults('uploads', figures);
  await server?.close();
});

describe('hostile picture uploads', () => {
  const refused: [string, Buffer | (() => FormData), string | null, number, object][] = [
    ['an SVG with a script, as image/svg+xml', svg, 'image/svg+xml', 415, notAnImage],
    ['an SVG with a script, as image/png', svg, 'image/png', 415, notAnImage],
    [
      'an SVG in a form, named .png',
      () => form(svg, 'photo.png', 'image/png'),
      null,
      415,
      notAnImage,
    ],
    ['an HTML page, as text/html', html, 'text/html', 415, notAnImage],
    ['an HTML page, as image/jpeg', html, 'image/jpeg', 415, notAnImage],
    [
      'an HTML page after PNG magic',
      Buffer.concat([makePng().subarray(0, 8), html]),
      'image/png',
      415,
      notAnImage,
    ],
    [
      'a PNG with HTML after its end',
      Buffer.concat([makePng(), html]),
      'image/png',
      415,
      notAnImage,
    ],
    [
      'a PNG with a ZIP after its end',
      Buffer.concat([makePng(), Buffer.from('PK\u0003\u0004', 'latin1')]),
      'image/png',
      415,
      notAnImage,
    ],
    [
      'a JPEG with a ZIP after its end (GIFAR-style)',
      Buffer.concat([makeJpeg(), Buffer.from('PK\u0003\u0004zip', 'latin1')]),
      'image/jpeg',
      415,
      notAnImage,
    ],
    [
      'a WebP with HTML after its container',
      Buffer.concat([makeWebp(), html]),
      'image/webp',
      415,
      notAnImage,
    ],
    [
      'a GIF',
      Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'),
      'image/gif',
      415,
      notAnImage,
    ],
    [
      'a PDF',
      Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF'),
      'application/pdf',
      415,
      notAnImage,
    ],
    [
      'a PNG of 100,000 x 100,000 pixels (pixel flood)',
      makePng(100_000, 100_000),
      'image/png',
      422,
      tooManyPixels,
    ],
    ['a PNG 8,001 pixels wide', makePng(8001, 1), 'image/png', 422, tooManyPixels],
    [
      'a PNG of 7,000 x 7,000 (49 megapixels)',
      makePng(7000, 7000),
      'image/png',
      422,
      tooManyPixels,
    ],
    [
      'a JPEG of 65,535 x 65,535 pixels',
      makeJpeg(65_535, 65_535),
      'image/jpeg',
      422,
      tooManyPixels,
    ],
    [
      'a WebP canvas of 16,384 x 16,384',
      makeExtendedWebp(16_384, 16_384),
      'image/webp',
      422,
      tooManyPixels,
    ],
    [
      '7,000,001 bytes of PNG',
      pngOfSize(limits.profilePictureMaxBytes + 1),
      'image/png',
      413,
      tooLarge,
    ],
    [
      '7,000,001 bytes of PNG in a form',
      () => form(pngOfSize(limits.profilePictureMaxBytes + 1), 'big.png', 'image/png'),
      null,
      413,
      tooLarge,
    ],
  ];
  for (const [name, body, contentType, status, answer] of refused) {
    it(`refuses ${name} with ${status}, keeping the stored picture`, async () => {
      const before = await stored();
      const response = await upload(typeof body === 'function' ? body() : body, contentType);
      expect(response).toEqual({ status, body: answer });
      const after = await stored();
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    });
  }

  it('accepts exactly 7,000,000 bytes, raw and in a form, and serves them back byte for byte', async () => {
    const bytes = pngOfSize(limits.profilePictureMaxBytes);
    expect(bytes.length).toBe(7_000_000);
    for (const body of [bytes, form(bytes, 'big.png', 'image/png')]) {
      const response = await upload(body, Buffer.isBuffer(body) ? 'image/png' : null);
      expect(response.status).toBe(200);
      const served = await stored();
      expect(served.bytes.equals(bytes)).toBe(true);
    }
  });

  it('decides the type by the bytes: a JPEG sent as image/png is served as image/jpeg', async () => {
    for (const [bytes, declared, actual] of [
      [makeJpeg(4, 4), 'image/png', 'image/jpeg'],
      [makePng(4, 4), 'image/webp', 'image/png'],
      [makeWebp(), 'text/html', 'image/webp'],
    ] as const) {
      expect((await upload(bytes, declared)).status).toBe(200);
      const served = await stored();
      expect(served.headers.get('content-type')).toBe(actual);
      expect(served.bytes.equals(bytes)).toBe(true);
    }
  });

  it('serves a PNG carrying a script in a text chunk as an image a browser will not run', async () => {
    const bytes = pngWithScriptText();
    expect((await upload(bytes, 'text/html')).status).toBe(200);
    const served = await stored();
    expect(served.bytes.equals(bytes)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Served as an API answer: nothing may load from it or run in it.
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('keeps serving after the floods', async () => {
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await upload(makePng(2, 2))).status).toBe(200);
  });
});
