import { and, eq, inArray } from 'drizzle-orm';
import { type DatabaseHandle, normalizeEmail, schema, type Transaction } from '../db/index.ts';
import { hashPassword } from '../services/auth/index.ts';

/** One demo account: a user and its profile. */
export type DemoAccount = {
  email: string;
  password: string;
  type: 'coach' | 'user';
  firstName: string;
  lastName: string;
  aboutMe: string;
  gender: 'male' | 'female';
  birthDate: string;
  timezone: string;
};

/** The demo coach (decisions: Data and deployment). */
export const demoCoach: DemoAccount = {
  email: 'coach@example.com',
  password: 'Coach123!',
  type: 'coach',
  firstName: 'Olivia',
  lastName: 'Bennett',
  aboutMe:
    'Certified health and wellbeing coach with ten years of practice. I help busy professionals ' +
    'build calmer days through breathing, sleep and small, steady habits.',
  gender: 'female',
  birthDate: '1984-03-12',
  timezone: 'Europe/London',
};

/** The client account of type 'user', there to show that such accounts are refused by the app. */
export const demoClient: DemoAccount = {
  email: 'client@example.com',
  password: 'Client123!',
  type: 'user',
  firstName: 'Daniel',
  lastName: 'Moreau',
  aboutMe: 'Project manager learning to handle stress better.',
  gender: 'male',
  birthDate: '1990-07-24',
  timezone: 'Europe/Paris',
};

/** More clients of the coach: [first name, last name, gender, birth date, timezone]. */
const moreClients: [string, string, 'male' | 'female', string, string][] = [
  ['Amelia', 'Hughes', 'female', '1992-01-15', 'Europe/London'],
  ['Noah', 'Fischer', 'male', '1987-05-30', 'Europe/Berlin'],
  ['Sofia', 'Rossi', 'female', '1995-09-02', 'Europe/Rome'],
  ['Liam', "O'Connor", 'male', '1979-11-21', 'Europe/Dublin'],
  ['Yuki', 'Tanaka', 'female', '1991-04-08', 'Asia/Tokyo'],
  ['Mateo', 'Garcia', 'male', '1988-12-17', 'America/Mexico_City'],
  ['Emma', 'Johnson', 'female', '1983-06-25', 'America/New_York'],
  ['Lucas', 'Silva', 'male', '1993-02-11', 'America/Sao_Paulo'],
  ['Priya', 'Sharma', 'female', '1990-10-03', 'Asia/Kolkata'],
  ['Ethan', 'Walker', 'male', '1985-08-19', 'America/Los_Angeles'],
  ['Chloe', 'Martin', 'female', '1997-03-27', 'Europe/Paris'],
  ['Oliver', 'Smith', 'male', '1976-07-07', 'Australia/Sydney'],
  ['Hannah', 'Nowak', 'female', '1989-01-29', 'Europe/Warsaw'],
  ['Kenji', 'Watanabe', 'male', '1994-05-14', 'Asia/Tokyo'],
  ['Isabella', 'Costa', 'female', '1986-09-09', 'Europe/Lisbon'],
  ['Jack', 'Thompson', 'male', '1998-12-01', 'Pacific/Auckland'],
  ['Mia', 'Andersson', 'female', '1981-04-22', 'Europe/Stockholm'],
  ['Omar', 'Haddad', 'male', '1990-08-16', 'Asia/Dubai'],
  ['Grace', 'Lee', 'female', '1996-11-05', 'Asia/Singapore'],
  ['Samuel', 'Okafor', 'male', '1984-02-18', 'Africa/Lagos'],
  ['Zoe', 'Campbell', 'female', '1993-06-30', 'America/Chicago'],
];

const clientAboutMe = [
  'Wants more energy in the afternoons.',
  'Working on sleep and evening routines.',
  'Training for a half marathon and curious about heart-rate variability.',
  'Looking for calm during a busy season at work.',
  '',
];

/** Every demo account: the coach first, then the client account, then the other clients. */
export const demoAccounts: DemoAccount[] = [
  demoCoach,
  demoClient,
  ...moreClients.map(([firstName, lastName, gender, birthDate, timezone], index) => ({
    email: `${firstName}.${lastName.replace(/[^A-Za-z]/g, '')}@example.com`.toLowerCase(),
    // The clients' own (mobile) app signs them in; the coach app refuses them.
    password: demoClient.password,
    type: 'user' as const,
    firstName,
    lastName,
    aboutMe: clientAboutMe[index % clientAboutMe.length] ?? '',
    gender,
    birthDate,
    timezone,
  })),
];

/**
 * Seeds the demo accounts of the handle's organisation (whose row `openDatabase` made): the coach,
 * the client account and the other clients of that coach. Idempotent: an account that exists (by
 * email) is left exactly as it is, so running it again, or from two processes at once, changes
 * nothing. Their history is the simulator's (`seedDemo` of @coach/simulator).
 */
export async function seedDemoAccounts(
  database: DatabaseHandle,
): Promise<{ created: number; existing: number }> {
  const { organisationId } = database;
  const emails = demoAccounts.map((account) => normalizeEmail(account.email));
  const present = await database.db
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(
      and(eq(schema.users.organisationId, organisationId), inArray(schema.users.email, emails)),
    );
  const existing = new Set(present.map((row) => row.email));
  const missing = demoAccounts.filter((account) => !existing.has(normalizeEmail(account.email)));
  if (missing.length === 0) return { created: 0, existing: demoAccounts.length };
  // Hashed before the transaction: argon2 is slow by design.
  const hashes = new Map<string, string>();
  for (const password of new Set(missing.map((account) => account.password))) {
    hashes.set(password, await hashPassword(password));
  }
  const created = await database.transaction(async (tx) => {
    const coachPersonId = await ensureAccount(tx, organisationId, demoCoach, null, hashes);
    let count = 0;
    for (const account of demoAccounts) {
      if (existing.has(normalizeEmail(account.email))) continue;
      const coach = account.type === 'user' ? coachPersonId.id : null;
      const result =
        account === demoCoach
          ? coachPersonId
          : await ensureAccount(tx, organisationId, account, coach, hashes);
      if (result.created) count++;
    }
    return count;
  });
  return { created, existing: demoAccounts.length - created };
}

/**
 * Makes a coach account unless its email exists (the simulator's coach when the demo coach is
 * absent); answers the coach's person id either way.
 */
export async function ensureCoachAccount(
  database: DatabaseHandle,
  account: DemoAccount,
): Promise<string> {
  const hashes = new Map([[account.password, await hashPassword(account.password)]]);
  const person = await database.transaction((tx) =>
    ensureAccount(tx, database.organisationId, { ...account, type: 'coach' }, null, hashes),
  );
  return person.id;
}

/** Inserts one account unless its email exists; answers its person id either way. */
async function ensureAccount(
  tx: Transaction,
  organisationId: string,
  account: DemoAccount,
  coachPersonId: string | null,
  hashes: Map<string, string>,
): Promise<{ id: string; created: boolean }> {
  const email = normalizeEmail(account.email);
  const passwordHash = hashes.get(account.password);
  const [inserted] = passwordHash
    ? await tx
        .insert(schema.users)
        .values({ organisationId, email, passwordHash })
        .onConflictDoNothing({ target: [schema.users.organisationId, schema.users.email] })
        .returning({ id: schema.users.id })
    : [];
  if (inserted) {
    const [person] = await tx
      .insert(schema.persons)
      .values({
        organisationId,
        userId: inserted.id,
        type: account.type,
        firstName: account.firstName,
        lastName: account.lastName,
        aboutMe: account.aboutMe,
        gender: account.gender,
        birthDate: account.birthDate,
        timezone: account.timezone,
        // The demo coach's zone is the demo's choice, as if set in Settings: a sign-in from
        // another zone leaves it (the morning mail's hour stays London's).
        ...(account.type === 'coach' ? { timezoneSetAt: new Date() } : {}),
        coachPersonId,
      })
      .returning({ id: schema.persons.id });
    if (!person) throw new Error(`Seeding ${email} stored no profile`);
    return { id: person.id, created: true };
  }
  const [person] = await tx
    .select({ id: schema.persons.id })
    .from(schema.persons)
    .innerJoin(schema.users, eq(schema.users.id, schema.persons.userId))
    .where(and(eq(schema.users.organisationId, organisationId), eq(schema.users.email, email)))
    .limit(1);
  if (!person) throw new Error(`The demo account ${email} exists without a profile`);
  return { id: person.id, created: false };
}
