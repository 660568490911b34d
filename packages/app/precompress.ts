import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The files a browser gets compressed: everything textual the build writes. */
export const textFilePattern = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of a folder, the server choosing between them by `Accept-Encoding` (@fastify/static
 * `preCompressed`). Done once per build at the highest levels, never per request. Returns the
 * bytes of each form, by the file's path under the folder.
 */
export async function precompressFolder(
  folder: string,
): Promise<Map<string, { raw: number; br: number; gzip: number }>> {
  const sizes = new Map<string, { raw: number; br: number; gzip: number }>();
  const files = (await filesUnder(folder)).filter((file) => textFilePattern.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      sizes.set(
        file
          .slice(folder.length + 1)
          .split('\\')
          .join('/'),
        {
          raw: (await stat(file)).size,
          br: br.byteLength,
          gzip: gz.byteLength,
        },
      );
    }),
  );
  return sizes;
}

/** The Vite plugin: precompresses the whole output folder (public files included) after a build. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'coach:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await precompressFolder(resolve(config.root, config.build.outDir));
    },
  };
}
