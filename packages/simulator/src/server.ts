import { randomBytes } from 'node:crypto';
import { serviceNames } from '@coach/api';
import {
  buildServer,
  createAccessTokens,
  createRequireAuth,
  liftedClientReadLimit,
  liftedClientWriteQuotas,
  type MailMessage,
  type ServiceContext,
  withoutPerAddressLimits,
} from '@coach/server';
import type { DatabaseHandle } from '@coach/server/db';

/** The simulated clock: every service (auth included) reads "now" from it. */
type SimulatedClock = { now(): Date; set(instant: Date): void };

/** Mail the server sent, kept as an inbox the simulated clients read their invites from. */
type Inbox = {
  /** The mails to an address, oldest first. */
  mailsTo(email: string): MailMessage[];
  /**
   * The `count`-th mail to an address (1 for the first), once the mail outbox has sent it: it
   * sends after the request that stored the mail has answered. Rejects after `timeoutMs`.
   */
  waitForMailTo(email: string, count: number, timeoutMs?: number): Promise<MailMessage>;
};

/** A real server (every service, real HTTP on loopback) over `database`, on a simulated clock. */
export type SimulationServer = {
  baseUrl: string;
  clock: SimulatedClock;
  inbox: Inbox;
  context: ServiceContext;
  close(): Promise<void>;
};

/** Rate limits high enough for a whole practice signing in from one address at one instant. */
const generousLimit = { max: 1_000_000, windowSeconds: 60 };
const generousLimits = { perAccount: generousLimit, perIp: generousLimit };

/**
 * Builds the product's server the way `main.ts` does, with a clock the simulator moves (the
 * services' `now` and the auth service's, so invite expiry and the acceptance instant follow it),
 * mail captured in an inbox instead of sent, the refresh rate limits lifted (every simulated
 * client comes from 127.0.0.1), and listens on 127.0.0.1 on a free port. The database
 * stays the caller's to close.
 */
export async function startSimulationServer(
  database: DatabaseHandle,
  start: Date,
): Promise<SimulationServer> {
  let simulatedNow = new Date(start.getTime());
  const clock: SimulatedClock = {
    now: () => new Date(simulatedNow.getTime()),
    set: (instant) => {
      simulatedNow = new Date(instant.getTime());
    },
  };
  const mails: MailMessage[] = [];
  /** Called after each mail received. */
  const listeners = new Set<() => void>();
  const secret = randomBytes(32);
  const accessTokens = createAccessTokens({ secret, ttlSeconds: 900 });
  const context: ServiceContext = {
    database,
    organisationId: database.organisationId,
    accessTokens,
    requireAuth: createRequireAuth(accessTokens, database),
    mailer: {
      async send(message) {
        mails.push(message);
        for (const listener of listeners) listener();
      },
    },
    appUrl: 'http://localhost:8080',
    auth: {
      now: clock.now,
      codeSecret: randomBytes(32),
      // Sign-in counts failures only, so the practice's sign-ins need no raised limit.
      rateLimits: { refresh: generousLimits },
    },
    now: clock.now,
    // Every simulated client writes from 127.0.0.1, days of history in minutes.
    clientWriteQuotas: liftedClientWriteQuotas,
    // Its coach reads days of history in minutes.
    clientReadLimit: liftedClientReadLimit,
  };
  const app = await buildServer(
    {
      port: 0,
      host: '127.0.0.1',
      staticDir: null,
      isFrontendCspStrict: true,
      http: withoutPerAddressLimits,
    },
    { services: { context, enabled: serviceNames } },
  );
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  function mailsTo(email: string) {
    return mails.filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
  }
  return {
    baseUrl,
    clock,
    inbox: {
      mailsTo,
      waitForMailTo: (email, count, timeoutMs = 30_000) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const mail = mailsTo(email)[count - 1];
            if (!mail) return false;
            listeners.delete(check);
            clearTimeout(timer);
            resolve(mail);
            return true;
          };
          const timer = setTimeout(() => {
            listeners.delete(check);
            reject(new Error(`No mail number ${count} reached ${email} in ${timeoutMs} ms`));
          }, timeoutMs);
          if (!check()) listeners.add(check);
        }),
    },
    context,
    close: () => app.close(),
  };
}
