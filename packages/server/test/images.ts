import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

// Tiny, valid images built from bytes, for tests (no image library needed).

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), typeAndData, u32(crc32(typeAndData))]);
}

/** A PNG of `width` x `height` RGB pixels, all one colour (8-bit, colour type 2). */
export function makePng(width = 2, height = 2, rgb: [number, number, number] = [200, 40, 40]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  // Declared-huge test images carry one row only: the server reads headers, it never decodes.
  const rows = Math.min(height, 4);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array(Math.min(width, 64)).fill(rgb).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array(rows).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A baseline greyscale JPEG of `width` x `height` that decoders read as one mid-grey block: one
 * quantisation table, one-code Huffman tables (DC category 0 and AC end-of-block), one scan.
 */
export function makeJpeg(width = 1, height = 1) {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    ((data.length + 2) >> 8) & 0xff,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const sixteen = (first: number) => [first, ...Array(15).fill(0)];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(
      0xe0,
      [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0],
    ),
    ...segment(0xdb, [0x00, ...Array(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...sixteen(1), 0x00]),
    ...segment(0xc4, [0x10, ...sixteen(1), 0x00]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC code '0' (no difference) then AC code '0' (end of block), padded with ones.
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** The classic 1 x 1 lossless WebP (VP8L). */
export function makeWebp() {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
}

/** A WebP whose extended header (VP8X) declares a `width` x `height` canvas. */
export function makeExtendedWebp(width: number, height: number) {
  const lossless = makeWebp().subarray(12);
  const header = Buffer.alloc(18);
  header.write('VP8X', 0, 'latin1');
  header.writeUInt32LE(10, 4);
  header.writeUIntLE(width - 1, 12, 3);
  header.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), header, lossless]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/**
 * A valid PNG of exactly `totalBytes` (a 2 x 2 image and an ancillary chunk of random bytes,
 * which viewers skip): a large picture that stores as it is, for the large-answer tests.
 */
export function makeLargePng(totalBytes: number) {
  const small = makePng();
  const end = pngChunk('IEND', Buffer.alloc(0));
  const fillerLength = totalBytes - small.length - 12;
  if (fillerLength < 0) throw new Error(`a PNG takes at least ${small.length + 12} bytes`);
  // Random, so that PostgreSQL stores it uncompressed as it would a real picture.
  const filler = pngChunk('raNd', randomBytes(fillerLength));
  return Buffer.concat([small.subarray(0, small.length - end.length), filler, end]);
}
