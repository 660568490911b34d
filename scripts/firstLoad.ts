// What a page's first load fetches and what the server sends for each file: shared by the
// first-load benchmark (bench/first-load.ts) and the sign-in size check (e2e/firstLoad.test.ts).
import { request } from 'node:http';
import type { Page } from 'playwright-core';

/** One file a page fetched, by the kind the browser gave it. */
export type FetchedFile = { url: string; kind: string };

/**
 * Opens `url` and lists the files the page fetches until `isReady` resolves and the network has
 * then been quiet for half a second: the first load, before any interaction.
 */
export async function firstLoadFiles(
  page: Page,
  url: string,
  isReady: (page: Page) => Promise<unknown>,
): Promise<FetchedFile[]> {
  const files: FetchedFile[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = (request: { url(): string; resourceType(): string }) => {
    files.push({ url: request.url(), kind: request.resourceType() });
    inFlight += 1;
    lastActivity = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  await page.goto(url);
  await isReady(page);
  while (inFlight > 0 || Date.now() - lastActivity < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  page.off('request', started);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
  return files;
}

/** How long the network must stay quiet for a first load to be over. */
const quietMs = 500;

/** What the server sent for one file: the body's bytes as they crossed the wire, and how. */
export type SentFile = {
  url: string;
  status: number;
  /** Body bytes on the wire (compressed when `encoding` is set). */
  bytes: number;
  encoding: string | null;
  contentType: string;
  /** Whether the answer says it varies with `Accept-Encoding`. */
  variesByEncoding: boolean;
};

/** Fetches `url` as a client accepting `acceptEncoding` and counts the bytes it is sent. */
export function sentFile(url: string, acceptEncoding: string): Promise<SentFile> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      response.on('end', () => {
        const vary = String(response.headers.vary ?? '').toLowerCase();
        resolve({
          url,
          status: response.statusCode ?? 0,
          bytes,
          encoding: response.headers['content-encoding'] ?? null,
          contentType: response.headers['content-type'] ?? '',
          variesByEncoding: vary.split(/\s*,\s*/).includes('accept-encoding'),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Whether a content type is text (HTML, scripts, styles, JSON, SVG...), which must be compressed. */
export function isTextContent(contentType: string): boolean {
  return /^text\/|javascript|json|xml|svg/.test(contentType);
}

/** The scripts among fetched files, each once. */
export function scriptUrls(files: FetchedFile[]): string[] {
  return [...new Set(files.filter((file) => file.kind === 'script').map((file) => file.url))];
}
