import { clientsNeedingAttention, episodeChanges } from '@coach/domain';
import type { DatabaseHandle } from '../../../db/index.ts';
import { failureKind, type Log } from '../../../mail/outbox.ts';
import { createPeriodicJob, parseLiveNotice, publishClientChange } from '../../core/index.ts';
import { clientSummaries } from '../figures.ts';
import {
  claimSweep,
  endEpisodes,
  keepFigures,
  openEpisodes,
  type SweptCoach,
  selectCoaches,
  selectCoachesDue,
  selectOpenEpisodes,
} from './store.ts';

// The attention episodes' sweep: a periodic tick in each server process brings a coach's episodes
// up to date with the clients list's rule (`attentionOf` over the list's own figures): a client
// who needs attention and has no open episode starts one, an open episode whose client no longer
// needs attention ends (the domain's `episodeChanges`), and the coach's figures over the last 30
// days are kept beside them. A tick sweeps the coaches whose clients changed since (heard from
// the notices of every process, so data arriving anywhere is swept within a tick), those an
// action marked stale, and those not swept for `resweepMs` (silence crosses the 24 h line with
// no data arriving). A sweep claims the coach's row for its instant, so sweeps of one coach by
// several processes run one after the other and an older one never overwrites a newer one. Time
// comes from the services' clock, so tests move it. A sweep that opens or ends an episode publishes
// a change of the client (the profile and the list's figures show it); the sweep it causes in
// turn finds nothing to change, so it stops there.

export type EpisodeSweepOptions = {
  /** How often a process sweeps, ms. */
  tickMs: number;
  /** Every coach is swept at least this often, ms. */
  resweepMs: number;
  /** The most coaches one tick sweeps; the rest go on the next ticks. */
  coachesPerTick: number;
};

const defaultEpisodeSweepOptions: EpisodeSweepOptions = {
  tickMs: 5_000,
  resweepMs: 10 * 60_000,
  coachesPerTick: 20,
};

/** Coaches heard of and not yet swept, at most: past it, the periodic resweep catches up. */
const maxHeardCoaches = 10_000;

export type EpisodeSweepDeps = {
  database: DatabaseHandle;
  organisationId: string;
  /** The services' clock. */
  now: () => Date;
  log: Pick<Log, 'info' | 'warn'>;
  options?: Partial<EpisodeSweepOptions>;
};

/** What one tick did, for tests and the log. */
export type SweepResult = { coaches: number; opened: number; ended: number };

/**
 * The sweep of one process: `start()` listens to the notices and ticks now and then every
 * `tickMs`; `tick()` runs one at once (tests), `stop()` waits for a tick under way.
 */
export function createEpisodeSweep(deps: EpisodeSweepDeps) {
  const settings = { ...defaultEpisodeSweepOptions, ...deps.options };
  const { database, organisationId } = deps;
  /** Coaches whose clients changed since their last sweep in this process. */
  const heard = new Set<string>();
  let unlisten: (() => Promise<void>) | null = null;

  /** Brings one coach's episodes and figures up to date at `now`. */
  async function sweepCoach(coach: SweptCoach, now: Date, result: SweepResult) {
    const found = await clientSummaries(
      database.db,
      { organisationId, timezone: coach.timezone },
      { coachPersonId: coach.personId },
      now,
    );
    const needing = clientsNeedingAttention(
      found.map(({ summary }) => summary),
      now,
    );
    await database.transaction(async (tx) => {
      if (!(await claimSweep(tx, organisationId, coach.personId, now))) return;
      const open = await selectOpenEpisodes(tx, coach.personId);
      const changes = episodeChanges(open, needing);
      await openEpisodes(tx, organisationId, coach.personId, changes.opened, now);
      await endEpisodes(tx, changes.ended, now);
      await keepFigures(tx, coach.personId, now);
      // The profile's episodes and the list's figures changed: the coach's tabs read them again.
      const changed = new Set([
        ...changes.opened.map(({ clientId }) => clientId),
        ...open.filter(({ id }) => changes.ended.includes(id)).map(({ clientId }) => clientId),
      ]);
      for (const clientId of changed) {
        await publishClientChange(database, tx, { id: clientId, coachPersonId: coach.personId });
      }
      result.opened += changes.opened.length;
      result.ended += changes.ended.length;
    });
    result.coaches += 1;
  }

  async function runTick(isClosing: () => boolean): Promise<SweepResult> {
    const result: SweepResult = { coaches: 0, opened: 0, ended: 0 };
    const now = deps.now();
    try {
      const named = [...heard].slice(0, settings.coachesPerTick);
      for (const id of named) heard.delete(id);
      const coaches = new Map(
        (await selectCoaches(database.db, organisationId, named)).map((coach) => [
          coach.personId,
          coach,
        ]),
      );
      const room = settings.coachesPerTick - coaches.size;
      if (room > 0) {
        const due = await selectCoachesDue(
          database.db,
          organisationId,
          now,
          settings.resweepMs,
          room,
        );
        for (const coach of due) coaches.set(coach.personId, coach);
      }
      for (const coach of coaches.values()) {
        if (isClosing()) break;
        await sweepCoach(coach, now, result);
      }
    } catch (error) {
      // A reason code only: no name, figure or reason reaches the log.
      deps.log.warn({ reason: failureKind(error) }, 'attention episodes sweep failed: will retry');
    }
    if (result.opened + result.ended > 0) deps.log.info({ ...result }, 'attention episodes swept');
    return result;
  }

  return createPeriodicJob(settings.tickMs, {
    run: runTick,
    async beforeStart() {
      unlisten = await database.notices.listen({
        onNotice: (payload) => {
          const notice = parseLiveNotice(payload);
          if (notice && notice.kind !== 'session' && heard.size < maxHeardCoaches) {
            heard.add(notice.coachId);
          }
        },
        // Notices were missed: the periodic resweep catches up.
        onReconnected: () => {},
      });
    },
    async afterStop() {
      await unlisten?.();
      unlisten = null;
    },
  });
}
