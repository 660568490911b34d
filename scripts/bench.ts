// `npm run bench`: runs every benchmark and writes the figures to bench/results/latest.json.
// Variants are compared as ratios measured in the same run, never against fixed times.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { runAppSignInBench } from '../bench/app-signin.ts';
import { runAuthBenches } from '../bench/auth-throughput.ts';
import { runClientDataBenches } from '../bench/client-data.ts';
import { runReportBench } from '../bench/report.ts';
import { runTableBrowserBench } from '../bench/table-browser.ts';
import { runTableSortBench } from '../bench/table-sort.ts';
import { runUiSizeBench } from '../bench/ui-size.ts';

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  benchmarks: {
    tableSort: runTableSortBench(),
    tableInBrowser: await runTableBrowserBench(),
    uiSize: await runUiSizeBench(),
    auth: await runAuthBenches(process.env.TEST_DATABASE_URL ?? null),
    appSignIn: await runAppSignInBench(),
    clientData: await runClientDataBenches(process.env.TEST_DATABASE_URL ?? null),
    report: await runReportBench(),
  },
};

const outDir = resolve(import.meta.dirname, '../bench/results');
mkdirSync(outDir, { recursive: true });
writeFileSync(resolve(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
console.log(`written to ${resolve(outDir, 'latest.json')}`);
