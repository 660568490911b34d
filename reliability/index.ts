// Every check `npm run reliability` runs, in this order; `npm run reliability -- <name>` runs one.
// Each check measures and states its goals; reliability/harness.ts (through bench/harness.ts)
// decides what is met.
import type { Check } from './harness.ts';
import { runLoadCheck } from './load/load.ts';

const loadCheck: Check = {
  name: 'load',
  title:
    'a mixed load of coaches, clients and sign-ins: 200 connections on two processes over PostgreSQL, then the embedded PGlite in steps',
  run: runLoadCheck,
};

export const checks: Check[] = [loadCheck];
