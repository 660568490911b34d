import { vi } from 'vitest';

// The server projects reuse one worker for many test files (isolate: false): spawning a process
// and loading fastify, PGlite and the drivers once per worker instead of once per file halves
// their time. The project's own modules are still evaluated afresh for each file, so module
// state never leaks from one file to the next and each file's vi.mock applies to them.
vi.resetModules();
