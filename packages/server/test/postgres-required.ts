// Global setup of the `server-postgres` vitest project: without a server it fails the run at once
// with instructions, rather than skipping (COACH_SKIP_POSTGRES=1 leaves the project out instead).
export default function requirePostgres() {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'The server-postgres tests need TEST_DATABASE_URL: run eval "$(bash scripts/ensure-postgres.sh)" ' +
        'first, or set COACH_SKIP_POSTGRES=1 to skip them on this machine',
    );
  }
}
