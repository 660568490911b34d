import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { coach, client as demoClient } from './coach.ts';
import { type Product, type StartProductOptions, startProduct } from './product.ts';
import { createSecretLedger, type SecretLedger } from './secrets.ts';
import { attachSharedProduct } from './sharedProduct.ts';

/**
 * The run's chromium (Debian's, launched once by the global setup): a connection of this file's
 * own, whose contexts close with it.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowserEndpoint'));
}

/** Where screenshots of failed tests go (`E2E_ARTIFACTS`, `<tmp>/coach-e2e-artifacts` by default). */
export const artifactsDir =
  process.env.E2E_ARTIFACTS ?? join(process.env.TMPDIR ?? '/tmp', 'coach-e2e-artifacts');

export type E2e = {
  product: () => Product;
  /** A new browser context (a fresh profile: its own local storage) at 1440x900, en-US, UTC. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /** A page in a new context. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /**
   * The secrets this file used (see SecretLedger): the browser's are gathered by themselves; a
   * test that calls the API from Node adds its own.
   */
  secrets: SecretLedger;
};

export type E2eOptions = StartProductOptions & {
  /**
   * `'own'` (the default): the file starts a product of its own (fresh database, its own mail
   * sink) and stops it when it ends. `'shared'`: the file uses the product the global setup
   * started once for the run. Only for files that change no state another file reads: no
   * password, profile or throttle of the demo accounts, no new client or invite, no server
   * stopped, no options of their own (a token lifetime); their mail and output are read from
   * where they started.
   */
  product?: 'own' | 'shared';
};

/**
 * How long a product may take to start before its file fails: the e2e project's hook limit (60 s)
 * for one process, which starts on a copy of the run's seeded template; 180 s for several
 * processes, which seed the whole demo into a PostgreSQL database of their own first (in the
 * thorough tier, beside the heaviest server files: two processes took about 50 s there, and three
 * once passed 60 s). A limit that catches a hang, not a slow machine.
 */
function productStartLimitMs(processes: number): number | undefined {
  return processes > 1 ? 180_000 : undefined;
}

/**
 * The hooks of one test file: the product (its own, or the run's shared one) and a connection to
 * the run's chromium for the whole file; every context a test opens is closed after it. A failed
 * test leaves a screenshot of each of its pages in the artifacts folder and the end of the
 * server's output. A test whose pages broke the Content-Security-Policy (the console's 'Refused
 * to ...') fails. When the file ends, the server's output (of a shared product: what it printed
 * while the file ran) must hold none of the secrets the file used (passwords, codes, tokens,
 * mailed links): the file fails otherwise, naming the kinds found.
 */
export function setUpE2e(options: E2eOptions = {}): E2e {
  const { product: which = 'own', ...productOptions } = options;
  if (which === 'shared' && Object.keys(productOptions).length > 0) {
    throw new Error('A file with options of its own for the product needs its own product');
  }
  let product: Product | null = null;
  let browser: Browser | null = null;
  let contexts: BrowserContext[] = [];
  // Content-Security-Policy violations: the served app must work under the strict policy.
  let refused: string[] = [];
  const secrets = createSecretLedger();
  secrets.add('demo coach password', coach.password);
  secrets.add('demo client password', demoClient.password);

  beforeAll(
    async () => {
      [product, browser] = await Promise.all([
        which === 'shared'
          ? attachSharedProduct(inject('e2eSharedProduct'))
          : startProduct(productOptions),
        connectBrowser(),
      ]);
    },
    productStartLimitMs(productOptions.processes ?? 1),
  );
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await keepEvidence(task.name, contexts, product);
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    const violations = refused;
    refused = [];
    if (violations.length > 0) {
      throw new Error(`The page broke the Content-Security-Policy:\n${violations.join('\n')}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
    if (product) await stopCheckingSecrets(product, secrets);
  });

  const newContext = async (contextOptions: BrowserContextOptions = {}) => {
    if (!browser || !product) throw new Error('The e2e harness has not started');
    const context = await browser.newContext({
      baseURL: product.url,
      viewport: { width: 1440, height: 900 },
      locale: 'en-US',
      timezoneId: 'UTC',
      ...contextOptions,
    });
    context.setDefaultTimeout(10_000);
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        refused.push(message.text());
      }
    });
    secrets.watch(context);
    contexts.push(context);
    return context;
  };

  return {
    product: () => {
      if (!product) throw new Error('The e2e harness has not started');
      return product;
    },
    newContext,
    newPage: async (contextOptions) => (await newContext(contextOptions)).newPage(),
    secrets,
  };
}

/** A screenshot of every open page, and the end of the server's output, for a failed test. */
async function keepEvidence(testName: string, contexts: BrowserContext[], product: Product | null) {
  mkdirSync(artifactsDir, { recursive: true });
  const name = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const pages = contexts.flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page, index) =>
      page.screenshot({ path: join(artifactsDir, `${name}-${index}.png`) }).catch(() => {}),
    ),
  );
  console.error(
    `${pages.length} screenshot(s) in ${artifactsDir}. Server output (end, requests left out):\n${serverOutputEnd(product)}`,
  );
}

/** The end of the server's output for a failed test: its last 30 lines but the request logs. */
export function serverOutputEnd(product: Product | null): string {
  return (product?.output() ?? '')
    .split('\n')
    .filter(
      (line) =>
        !line.includes('"msg":"incoming request"') && !line.includes('"msg":"request completed"'),
    )
    .slice(-30)
    .join('\n');
}

/**
 * Stops a file's product, then fails when its output holds any of the secrets the file used (its
 * mails' codes and link tokens added last), naming their kinds.
 */
export async function stopCheckingSecrets(product: Product, secrets: SecretLedger) {
  secrets.addMails(await product.mail.received());
  const found = secrets.foundIn(product.output());
  await product.stop();
  if (found.length > 0) {
    throw new Error(`The server's output holds secrets this run used: ${found.join(', ')}`);
  }
}
