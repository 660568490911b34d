import {
  addDays,
  attentionOf,
  compareAttention,
  localDateOf,
  morningMailDueDate,
} from '@coach/domain';
import type { DatabaseHandle } from '../../db/index.ts';
import { enqueueMail, failureKind, type Log, type MailQueue } from '../../mail/outbox.ts';
import { clientSummaries } from '../analytics/index.ts';
import { createPeriodicJob } from '../core/index.ts';
import { type AttentionEntry, type FollowUpEntry, writeMorningMail } from './morningMailMessage.ts';
import {
  claimMorningMail,
  type DueCoach,
  noteClaimedMail,
  purgeClaims,
  selectDueCoaches,
} from './store.ts';

// The morning attention mail: a periodic tick in each server process finds the coaches whose
// chosen hour it is in their timezone, lists the clients who need attention by the clients list's
// rule (`attentionOf` over the same figures), and queues one mail on the mail outbox (its retries,
// its dead letters). A claim row per coach and local date, written in the transaction that queues
// the mail, makes it once a day with any number of processes. A tick that did not run (the process
// was down, a long pause) is caught up within the same local hour only: the mail is a morning
// one. Time comes from the services' clock, so tests move it.

export type MorningMailOptions = {
  /** How often a process looks for due mail. A minute: mail goes within a minute of the hour. */
  tickMs: number;
  /** The most coaches one tick mails; the rest go on the next ticks of the hour. */
  coachesPerTick: number;
  /** Claims are kept this many days (a claim only matters on its own day). */
  claimRetentionDays: number;
};

const defaultMorningMailOptions: MorningMailOptions = {
  tickMs: 60_000,
  coachesPerTick: 50,
  claimRetentionDays: 7,
};

export type MorningMailDeps = {
  database: DatabaseHandle;
  organisationId: string;
  /** The services' clock. */
  now: () => Date;
  mail: MailQueue;
  appUrl: string;
  log: Pick<Log, 'info' | 'warn'>;
  options?: Partial<MorningMailOptions>;
  /** Told of each round: what it did, and whether it failed part-way (the metrics). */
  onRound?: ((result: TickResult, hasFailed: boolean) => void) | undefined;
};

/** What one tick did, for tests and the log. */
export type TickResult = { mailed: number; quiet: number; skipped: number };

/**
 * The scheduler of one process: `start()` ticks now and then every `tickMs`, `tick()` runs one
 * at once (tests), `stop()` waits for a tick under way and ticks no more.
 */
export function createMorningMailScheduler(deps: MorningMailDeps) {
  const settings = { ...defaultMorningMailOptions, ...deps.options };
  const { database, organisationId } = deps;

  /**
   * The clients of `coach` who need attention at `now`, most urgent first, and their due
   * follow-ups, the earliest first (then by the list's order: last, first name).
   */
  async function mailContents(
    coach: DueCoach,
    now: Date,
  ): Promise<{ clients: AttentionEntry[]; followUps: FollowUpEntry[] }> {
    const found = await clientSummaries(
      database.db,
      { organisationId, timezone: coach.timezone },
      { coachPersonId: coach.personId },
      now,
    );
    const clients = found
      .map(({ summary }) => ({ summary, attention: attentionOf(summary, now) }))
      .filter(({ attention }) => attention.category !== 'ok')
      .sort((a, b) => compareAttention(a.attention, b.attention))
      .map(({ summary, attention }) => ({
        clientId: summary.clientId,
        firstName: summary.firstName,
        lastName: summary.lastName,
        reasons: attention.reasons,
      }));
    const followUps = found
      .flatMap(({ summary }) =>
        summary.followUp?.isDue
          ? [
              {
                clientId: summary.clientId,
                firstName: summary.firstName,
                lastName: summary.lastName,
                dueDate: summary.followUp.dueDate,
                reason: summary.followUp.reason,
              },
            ]
          : [],
      )
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    return { clients, followUps };
  }

  /** Claims and queues one coach's mail; answers what happened. */
  async function mailCoach(coach: DueCoach, now: Date): Promise<keyof TickResult> {
    const localDate = morningMailDueDate(now, coach);
    if (!localDate) return 'skipped';
    const { clients, followUps } = await mailContents(coach, now);
    const message =
      clients.length > 0 || followUps.length > 0
        ? writeMorningMail(deps.appUrl, coach, clients, now, followUps)
        : null;
    const isClaimed = await database.transaction(async (tx) => {
      const isOurs = await claimMorningMail(
        tx,
        organisationId,
        coach.personId,
        localDate,
        clients.length,
      );
      if (isOurs && message) {
        const mailId = await enqueueMail(tx, organisationId, message);
        await noteClaimedMail(tx, coach.personId, localDate, mailId);
      }
      return isOurs;
    });
    if (!isClaimed) return 'skipped';
    return message ? 'mailed' : 'quiet';
  }

  async function runTick(isClosing: () => boolean): Promise<TickResult> {
    const result: TickResult = { mailed: 0, quiet: 0, skipped: 0 };
    const now = deps.now();
    let hasFailed = false;
    try {
      const due = await selectDueCoaches(database.db, organisationId, now, settings.coachesPerTick);
      for (const coach of due) {
        if (isClosing()) break;
        result[await mailCoach(coach, now)] += 1;
      }
      await purgeClaims(
        database.db,
        organisationId,
        addDays(localDateOf(now, 'UTC'), -settings.claimRetentionDays),
      );
    } catch (error) {
      hasFailed = true;
      // Counts and a reason code only: no address, name or figure reaches the log.
      deps.log.warn({ reason: failureKind(error) }, 'morning mail tick failed: will retry');
    }
    deps.onRound?.(result, hasFailed);
    if (result.mailed > 0) {
      deps.mail.wake();
      deps.log.info({ ...result }, 'morning mail queued');
    }
    return result;
  }

  // A tick under way mails no further coach once stopping.
  return createPeriodicJob(settings.tickMs, { run: runTick });
}
