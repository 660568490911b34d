import { parseArgs } from 'node:util';
import { demoCoach, ensureCoachAccount, readConfig } from '@coach/server';
import { type DatabaseHandle, normalizeEmail, openDatabase, schema } from '@coach/server/db';
import { and, eq } from 'drizzle-orm';
import { bulkLoad, bulkPassword } from './bulk.ts';
import { formatSummary, runHttpSimulation } from './httpDriver.ts';
import { startSimulationServer } from './server.ts';

// `npm run simulate -- --clients N --days D [--seed S] [--coach-email E] [--coach-password P]`:
// N simulated clients of a coach over the last D days, through the real HTTP endpoints of a
// server built on the product's database (DATABASE_URL, else the PGlite database in DATA_DIR).
// `--bulk`: bulk mode, large volumes written directly with set-based SQL (coaches of 200 clients
// each, a daily rollup per client per day), for benchmarks; it adds to the database.

const usage =
  'Usage: npm run simulate -- --clients N --days D [--seed S] [--coach-email E] [--coach-password P]\n' +
  '       npm run simulate -- --bulk --clients N --days D [--seed S]';

function fail(message: string): never {
  console.error(`simulate: ${message}\n${usage}`);
  process.exit(2);
}

function positiveInteger(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) fail(`--${name} is required`);
    return fallback;
  }
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) fail(`--${name} must be a whole number >= 1`);
  return number;
}

let values: Record<string, string | boolean | undefined>;
try {
  values = parseArgs({
    options: {
      clients: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      'coach-email': { type: 'string' },
      'coach-password': { type: 'string' },
      bulk: { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}
const text = (name: string) => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};
const bulk = values.bulk === true;
const clients = positiveInteger('clients', text('clients'));
const days = positiveInteger('days', text('days'));
const seed = positiveInteger('seed', text('seed'), 1);
if (!bulk && clients > 1000) fail('--clients is at most 1000 (use --bulk for more)');
if (bulk && clients > 1_000_000) fail('--clients is at most 1000000 with --bulk');
if (days > 366) fail('--days is at most 366');
const coach = {
  email: normalizeEmail(text('coach-email') ?? demoCoach.email),
  password: text('coach-password') ?? demoCoach.password,
};

const config = readConfig();
let database: DatabaseHandle;
try {
  database = await openDatabase(config);
} catch (error) {
  fail(
    `could not open the database (${(error as Error).message}); a running server on the same ` +
      'DATA_DIR holds the PGlite database: stop it or use another DATA_DIR',
  );
}

if (bulk) {
  let exitCode = 0;
  try {
    const result = await bulkLoad(database, {
      clients,
      days,
      seed,
      onProgress: (message) => console.log(message),
    });
    console.log(
      `Bulk load: ${clients} clients of ${result.coachEmails.length} coaches x ${days} days in ${result.seconds.toFixed(1)} s`,
    );
    for (const [table, rows] of Object.entries(result.rows)) console.log(`  ${table}: ${rows}`);
    console.log(`Sign in as ${result.benchCoachEmail} / ${bulkPassword} to see 200 of them.`);
  } catch (error) {
    console.error(`simulate: ${(error as Error).message}`);
    exitCode = 1;
  } finally {
    await database.close();
  }
  process.exit(exitCode);
}

const [existing] = await database.db
  .select({ id: schema.users.id })
  .from(schema.users)
  .where(
    and(
      eq(schema.users.organisationId, database.organisationId),
      eq(schema.users.email, coach.email),
    ),
  )
  .limit(1);
if (!existing) {
  await ensureCoachAccount(database, {
    ...demoCoach,
    email: coach.email,
    password: coach.password,
    firstName: 'Simulation',
    lastName: 'Coach',
  });
  console.log(`No account ${coach.email}: created a simulation coach with that e-mail.`);
}

const end = new Date();
const server = await startSimulationServer(database, end);
console.log(
  `Simulating ${clients} clients over ${days} days (seed ${seed}) for ${coach.email} on ${
    config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  }`,
);
let exitCode = 0;
try {
  const summary = await runHttpSimulation({
    server,
    seed,
    clients,
    days,
    coach,
    end,
    log: (line) => console.log(line),
  });
  for (const line of formatSummary(summary)) console.log(line);
  if (summary.failures.length > 0) exitCode = 1;
} catch (error) {
  console.error(`simulate: ${(error as Error).message}`);
  exitCode = 1;
} finally {
  await server.close();
  await database.close();
}
process.exit(exitCode);
