// The server's test helpers for the packages that test against it (the simulator): a test
// server, a fresh database per file, accounts and calls.
export { listBothWays } from './analytics.ts';
export { callApi, createUserWithProfile } from './auth.ts';
export { createEmptyPostgresDatabase, createTestDatabase, testDatabaseKind } from './database.ts';
export { startTestServer, type TestServer } from './testServer.ts';
export { thorough } from './thorough.ts';
