// `npm run create-coach -- --email <address> --first-name <name> --last-name <name>
// [--timezone <IANA zone>] [--language <en-US|es>]`: creates a coach account in the database the server's environment
// names (DATABASE_URL, or the embedded one in DATA_DIR; ORGANISATION_ID). The password is asked
// twice without echo at a terminal, or read from the first line of standard input, never from an
// argument (a command line is visible to every user of the machine and kept in shell history).
// Invites make clients; this is how a deployment gets its first coach, and its next ones.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { EmailSchema, NameSchema, PasswordSchema, TimezoneSchema } from '@coach/api';
import {
  canonicalTimeZone,
  coachLanguageMessage,
  coachLanguages,
  inviteTimeZoneMessage,
  isOneOf,
} from '@coach/domain';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

const usage =
  'usage: npm run create-coach -- --email <address> --first-name <name> --last-name <name> ' +
  '[--timezone <IANA zone>] [--language <en-US|es>]\n' +
  '(the password is asked at a terminal, or read from the first line of standard input)';

/** Ends the process with a message and no stack: every failure here is the caller's to mend. */
function fail(message: string): never {
  console.error(`create-coach: ${message}`);
  process.exit(1);
}

/**
 * What is wrong with a value, when it breaks the contract's schema: `rule`, or the schema's own
 * description of what it must be (one source of the rule).
 */
function problem(flag: string, schema: TSchema, value: string, rule?: string): string | null {
  if (Value.Check(schema, value)) return null;
  return `--${flag}: ${rule ?? (schema as { description?: string }).description}`;
}

/** Reads a line at the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    reader.question(question, (answer) => {
      reader.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** The password: asked twice at a terminal, else the first line of standard input. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    const password = await askHidden('Password for the new coach: ');
    const again = await askHidden('The same password again: ');
    if (password !== again) fail('the two passwords differ');
    return password;
  }
  let input = '';
  for await (const chunk of process.stdin) {
    input += String(chunk);
    if (input.includes('\n') || input.length > 4096) break;
  }
  return input.split(/\r?\n/, 1)[0] ?? '';
}

const options = {
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  timezone: { type: 'string' },
  language: { type: 'string' },
} as const;

/** The command line's options; a mistyped or unknown one ends the process with the usage. */
function readArguments() {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}

const {
  email,
  'first-name': firstName,
  'last-name': lastName,
  timezone,
  language,
} = readArguments();
if (email === undefined || firstName === undefined || lastName === undefined) fail(usage);

const password = await readPassword();
const problems = [
  problem('email', EmailSchema, email.trim(), `'${email.slice(0, 64)}' is not an email address`),
  problem('first-name', NameSchema, firstName),
  problem('last-name', NameSchema, lastName),
  timezone === undefined
    ? null
    : (problem('timezone', TimezoneSchema, timezone) ??
      (canonicalTimeZone(timezone) === null
        ? `--timezone: ${inviteTimeZoneMessage(timezone)}`
        : null)),
  language === undefined || isOneOf(coachLanguages, language)
    ? null
    : `--language: ${coachLanguageMessage}`,
  problem('password', PasswordSchema, password),
].filter((line) => line !== null);
if (problems.length > 0) fail(problems.join('\n'));

// The server's modules (its configuration, the database with PGlite, the account service) load
// once the command line is right: a mistyped one is answered without loading them.
const [{ readConfig }, { openDatabase }, { DomainError }, { createCoachAccount }] =
  await Promise.all([
    import('../config.ts'),
    import('../db/index.ts'),
    import('../domainError.ts'),
    import('../services/account/index.ts'),
  ]);
let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  fail(`configuration error: ${(error as Error).message}`);
}
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(config);
} catch (error) {
  fail(`database error: ${(error as Error).message}`);
}
try {
  const created = await createCoachAccount(database, {
    email,
    password,
    firstName,
    lastName,
    ...(timezone === undefined ? {} : { timezone }),
    ...(language !== undefined && isOneOf(coachLanguages, language) ? { language } : {}),
  });
  console.log(`Created the coach ${created.email}: they can sign in now.`);
} catch (error) {
  if (error instanceof DomainError) {
    await database.close();
    fail(error.message);
  }
  throw error;
}
await database.close();
