import { defineConfig } from 'vitest/config';
// Vitest 5 no longer reads vitest.workspace.ts by itself: the project list is imported here.
import { projects } from './vitest.workspace.ts';

export default defineConfig({
  resolve: { conditions: ['coach-source'] },
  test: {
    globals: true,
    projects,
    // Vitest's default in a run is one worker fewer than the cores: a single worker on CI's two
    // cores. The server tests wait on PostgreSQL and I/O as much as on the CPU, so one worker per
    // core runs the suite in about two thirds of the time (measured 254 s -> 163 s on 2 cores).
    // COACH_UNIT_WORKERS sets it for a run (`npm test`: 150%); unlike `--maxWorkers` on the
    // command line, it leaves the ui and app projects their one worker (vitest.workspace.ts).
    maxWorkers: process.env.COACH_UNIT_WORKERS ?? '100%',
    reporters: ['default'],
  },
});
