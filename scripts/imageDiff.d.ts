// The parts of pixelmatch and pngjs (they ship no types) that scripts/visualTolerance.ts uses.
declare module 'pixelmatch' {
  export default function pixelmatch(
    actual: Uint8Array,
    expected: Uint8Array,
    output: Uint8Array | null,
    width: number,
    height: number,
    options?: { threshold?: number; includeAA?: boolean },
  ): number;
}

declare module 'pngjs' {
  type Image = { width: number; height: number; data: Buffer };
  export const PNG: {
    new (size: { width: number; height: number }): Image;
    sync: { read(png: Buffer): Image; write(image: Image): Buffer };
  };
}
