import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReceivedMail, waitingMailbox } from '../../packages/server/test/mailSink.ts';
import { coach, client as demoClient } from './coach.ts';
import { type Product, startProduct } from './product.ts';
import { createSecretLedger } from './secrets.ts';

/**
 * The product the run shares (see setUpE2e's `product: 'shared'`), as the global setup hands it
 * to the test workers: its address, where its mail can be read (a loopback HTTP view of the SMTP
 * sink, which lives in the global setup's process) and the file its output goes to.
 */
export type SharedProductInfo = { url: string; mailUrl: string; logFile: string };

declare module 'vitest' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface.
  export interface ProvidedContext {
    /** The run's chromium (a Playwright browser server), for `chromium.connect`. */
    e2eBrowserEndpoint: string;
    /** The shared product, or null in the thorough tier, which starts none (globalSetup.ts). */
    e2eSharedProduct: SharedProductInfo | null;
  }
}

/**
 * In the global setup: starts the shared product (a copy of the template database, its own SMTP
 * sink), with its output copied to a file and its mail served as JSON on loopback. `finish` stops
 * it and answers the kinds of secret found in its whole output: the demo accounts' passwords, the
 * codes and link tokens of every mail it sent, any JWT (each file that used it has checked its own
 * share of the output against its own secrets already).
 */
export async function startSharedProduct() {
  const logDir = mkdtempSync(join(tmpdir(), 'coach-e2e-shared-'));
  const logFile = join(logDir, 'server.log');
  writeFileSync(logFile, '');
  const product = await startProduct({}, { logFile });
  const bridge = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/mails') {
      response.writeHead(404).end();
      return;
    }
    product.mail.received().then((mails) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
    });
  });
  await new Promise<void>((resolve) => bridge.listen(0, '127.0.0.1', resolve));
  const { port } = bridge.address() as AddressInfo;
  const info: SharedProductInfo = {
    url: product.url,
    mailUrl: `http://127.0.0.1:${port}/mails`,
    logFile,
  };
  const finish = async (): Promise<string[]> => {
    const ledger = createSecretLedger();
    ledger.add('demo coach password', coach.password);
    ledger.add('demo client password', demoClient.password);
    ledger.addMails(await product.mail.received());
    const found = ledger.foundIn(product.output());
    await new Promise<void>((resolve) => bridge.close(() => resolve()));
    await product.stop();
    rmSync(logDir, { recursive: true, force: true });
    return found;
  };
  return { info, finish };
}

/**
 * In a test file: the shared product as this file sees it: the mail that came and the output
 * printed since the file attached. Its `stop` does nothing: the global setup stops it.
 */
export async function attachSharedProduct(info: SharedProductInfo | null): Promise<Product> {
  if (!info) {
    throw new Error(
      "This run started no shared product (the thorough tier's files start their own): use setUpE2e() without product: 'shared'",
    );
  }
  const allMails = async (): Promise<ReceivedMail[]> => {
    const response = await fetch(info.mailUrl);
    if (!response.ok) throw new Error(`The shared product's mail view answered ${response.status}`);
    return (await response.json()) as ReceivedMail[];
  };
  const outputStart = readFileSync(info.logFile).length;
  const mailStart = (await allMails()).length;
  return {
    url: info.url,
    urls: [info.url],
    mail: (() => {
      const received = async () => (await allMails()).slice(mailStart);
      return { received, ...waitingMailbox(received) };
    })(),
    output: () => readFileSync(info.logFile).subarray(outputStart).toString('utf8'),
    restart: async () => {
      throw new Error('The shared product is never restarted: a file that does needs its own');
    },
    stop: async () => {},
  };
}
