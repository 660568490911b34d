// pdfmake set up once per thread: the Roboto files that ship with pdfmake read into its virtual
// file system (nothing fetched or read while rendering), and every URL and local file refused.
// That Roboto (3.x) has Latin, Greek and Cyrillic glyphs, so names in those scripts print as
// written; a PDF embeds only the glyphs it uses. It has no CJK glyphs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ReportContent, reportDocument } from './reportDocument.ts';

const require = createRequire(import.meta.url);

type PdfMake = typeof import('pdfmake') & {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
};

const fontFiles = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

let loaded: PdfMake | undefined;

function pdfMake(): PdfMake {
  if (loaded) return loaded;
  const pdfmake = require('pdfmake') as PdfMake;
  const fontsDir = join(dirname(require.resolve('pdfmake/fonts/Roboto.js')), 'Roboto');
  for (const file of Object.values(fontFiles)) {
    pdfmake.virtualfs.writeFileSync(file, readFileSync(join(fontsDir, file)));
  }
  pdfmake.setFonts({ Roboto: { ...fontFiles } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  loaded = pdfmake;
  return pdfmake;
}

/**
 * The PDF bytes of a report, in an ArrayBuffer of their own (a worker moves it to the main
 * thread instead of copying it; Node's small buffers share a pool that must not be moved).
 */
export async function renderReportPdf(content: ReportContent): Promise<Uint8Array> {
  const buffer = await pdfMake().createPdf(reportDocument(content)).getBuffer();
  const isOwn = buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.byteLength;
  return isOwn ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
}
