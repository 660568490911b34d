import { crc32 } from 'node:zlib';
import type { ProfilePictureContentType } from '@coach/domain';

/** What the bytes of an accepted image say about it. */
export type ImageInfo = {
  contentType: ProfilePictureContentType;
  width: number;
  height: number;
};

/** The largest picture accepted, in pixels: per side and in total (decoding cost). */
export const maxImageSide = 8000;
export const maxImagePixels = 40_000_000;

/** Whether the pixel dimensions are within {@link maxImageSide} and {@link maxImagePixels}. */
export function hasAcceptableDimensions({ width, height }: ImageInfo): boolean {
  return width <= maxImageSide && height <= maxImageSide && width * height <= maxImagePixels;
}

/**
 * Identifies a PNG, JPEG or WebP image by its bytes alone (never by a name or a header) and reads
 * its pixel dimensions from its headers. The structure is walked to its end, so a file that only
 * starts like an image, is truncated, or carries another file after the image's end (a polyglot)
 * is refused: null.
 */
export function inspectImage(bytes: Uint8Array): ImageInfo | null {
  if (startsWith(bytes, pngSignature)) return inspectPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return inspectJpeg(bytes);
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return inspectWebp(bytes);
  }
  return null;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function inspectPng(bytes: Uint8Array): ImageInfo | null {
  const view = dataView(bytes);
  let offset = pngSignature.length;
  let info: ImageInfo | null = null;
  let hasImageData = false;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = latin1(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    const crc = view.getUint32(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) return null;
    if (info === null) {
      // IHDR comes first, with 13 bytes: width, height, bit depth, colour type and methods.
      if (type !== 'IHDR' || length !== 13) return null;
      const width = view.getUint32(offset + 8);
      const height = view.getUint32(offset + 12);
      const bitDepth = bytes[offset + 16] ?? 0;
      const colourType = bytes[offset + 17] ?? 255;
      if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
      if (![1, 2, 4, 8, 16].includes(bitDepth) || ![0, 2, 3, 4, 6].includes(colourType)) {
        return null;
      }
      info = { contentType: 'image/png', width, height };
    } else if (type === 'IDAT') {
      hasImageData = true;
    } else if (type === 'IEND') {
      // Nothing may follow the end of the image.
      return end === bytes.length && hasImageData ? info : null;
    }
    offset = end;
  }
  return null;
}

/** SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function inspectJpeg(bytes: Uint8Array): ImageInfo | null {
  const view = dataView(bytes);
  let offset = 2;
  let info: ImageInfo | null = null;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    while (bytes[offset] === 0xff) offset++;
    const marker = bytes[offset];
    offset++;
    if (marker === undefined) return null;
    // Markers without a segment.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9) return null;
    if (offset + 2 > bytes.length) return null;
    const length = view.getUint16(offset);
    if (length < 2 || offset + length > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      if (length < 8) return null;
      const height = view.getUint16(offset + 3);
      const width = view.getUint16(offset + 5);
      if (width === 0 || height === 0) return null;
      info = { contentType: 'image/jpeg', width, height };
    }
    offset += length;
    if (marker === 0xda) {
      // The entropy-coded data follows the scan header; the image ends with EOI (FF D9), and
      // nothing but padding zeros may follow it.
      let end = bytes.length;
      while (end > offset && bytes[end - 1] === 0x00) end--;
      if (end - offset < 2 || bytes[end - 2] !== 0xff || bytes[end - 1] !== 0xd9) return null;
      return info;
    }
  }
  return null;
}

function inspectWebp(bytes: Uint8Array): ImageInfo | null {
  const view = dataView(bytes);
  // The RIFF size covers everything after its own field: nothing may follow the container.
  if (bytes.length < 20 || view.getUint32(4, true) + 8 !== bytes.length) return null;
  let offset = 12;
  let info: ImageInfo | null = null;
  let hasBitstream = false;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return null;
    const type = latin1(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const data = offset + 8;
    const end = data + size + (size % 2);
    if (end > bytes.length) return null;
    if (offset === 12) {
      info = readWebpSize(type, bytes, view, data, size);
      if (!info) return null;
    }
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') hasBitstream = true;
    offset = end;
  }
  return offset === bytes.length && hasBitstream ? info : null;
}

function readWebpSize(
  type: string,
  bytes: Uint8Array,
  view: DataView,
  data: number,
  size: number,
): ImageInfo | null {
  let width = 0;
  let height = 0;
  if (type === 'VP8 ') {
    // Frame tag (3 bytes, key frame bit clear), start code 9D 01 2A, then 14-bit sizes.
    if (size < 10 || ((bytes[data] ?? 1) & 1) !== 0) return null;
    if (bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) {
      return null;
    }
    width = view.getUint16(data + 6, true) & 0x3fff;
    height = view.getUint16(data + 8, true) & 0x3fff;
  } else if (type === 'VP8L') {
    // Signature 2F, then width - 1 and height - 1 in 14 bits each.
    if (size < 5 || bytes[data] !== 0x2f) return null;
    const bits = view.getUint32(data + 1, true);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (type === 'VP8X') {
    // Flags (4 bytes), then canvas width - 1 and height - 1 in 24 bits each.
    if (size !== 10) return null;
    width = readUint24(bytes, data + 4) + 1;
    height = readUint24(bytes, data + 7) + 1;
  } else {
    return null;
  }
  if (width === 0 || height === 0) return null;
  return { contentType: 'image/webp', width, height };
}

function readUint24(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8) | ((bytes[offset + 2] ?? 0) << 16);
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function latin1(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}
