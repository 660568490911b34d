// Every check `npm run reliability` runs, in this order; `npm run reliability -- <name>` runs one.
// Each check measures and states its goals; reliability/harness.ts (through scripts/figures.ts)
// decides what is met.
import type { Check } from './harness.ts';
import { runHostileCheck } from './hostile.ts';
import { runLoadCheck } from './load/load.ts';
import { runSlowReadersCheck } from './slowReaders.ts';

const loadCheck: Check = {
  name: 'load',
  title:
    'a mixed load of coaches, clients and sign-ins: 200 connections on two processes over PostgreSQL, then the embedded PGlite in steps',
  run: runLoadCheck,
};

const hostileCheck: Check = {
  name: 'hostile',
  title:
    'hostile input: every route of the contract under 1,000 requests drawn from its schemas (50 over HTTP), on PGlite and PostgreSQL',
  run: runHostileCheck,
};

const slowReadersCheck: Check = {
  name: 'slow-readers',
  title:
    'clients that never read a large answer: 200 of them on profile pictures of 3 and 7 MB and a PDF report, while another coach uses the API, on PostgreSQL and PGlite',
  run: runSlowReadersCheck,
};

export const checks: Check[] = [loadCheck, hostileCheck, slowReadersCheck];
