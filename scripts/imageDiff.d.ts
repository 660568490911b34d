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
  export const PNG: {
    sync: { read(png: Buffer): { width: number; height: number; data: Buffer } };
  };
}
