// Size of @coach/ui as an app would ship it: the library minified with its own dependencies
// (TanStack Table and Virtual, react-toastify, the icons it uses), peers left out, then gzip.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const peers = ['react', 'react-dom', 'react/jsx-runtime', '@chakra-ui/react', '@emotion/react'];

async function bundledBytes(entry: string, external: string[]) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external,
    logLevel: 'silent',
    jsx: 'automatic',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.byteLength, gzip: gzipSync(code).byteLength };
}

export async function runUiSizeBench() {
  const entry = new URL('../packages/ui/src/index.ts', import.meta.url).pathname;
  const withDependencies = await bundledBytes(entry, peers);
  const ownCodeOnly = await bundledBytes(entry, [
    ...peers,
    '@tanstack/*',
    'react-toastify',
    'react-icons/*',
  ]);
  return {
    ui_with_dependencies_min_bytes: withDependencies.minified,
    ui_with_dependencies_gzip_bytes: withDependencies.gzip,
    ui_own_code_min_bytes: ownCodeOnly.minified,
    ui_own_code_gzip_bytes: ownCodeOnly.gzip,
  };
}
