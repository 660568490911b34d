import { nowOf, type ServicePlugin, startMailOutbox } from '../core/index.ts';
import { morningMailMetrics } from './morningMailMetrics.ts';
import { createMorningMailScheduler } from './scheduler.ts';

/**
 * The morning attention mail of a process: it goes with the coaches' settings, so it runs where
 * the account service does (see `services/index.ts`). Each process hosting it ticks, and the
 * claims make each mail once (see `scheduler.ts`).
 */
export const morningMailJob: ServicePlugin = async (app, context) => {
  const { database, organisationId, morningMail: morningMailOptions } = context;
  // Registered even while the mail is off (its counters at 0): every process hosting it reports them.
  const metrics = context.metrics?.register(morningMailMetrics);
  if (morningMailOptions === 'off') return;
  const morningMail = createMorningMailScheduler({
    database,
    organisationId,
    now: () => nowOf(context),
    mail: startMailOutbox(app, context),
    appUrl: context.appUrl,
    log: app.log,
    ...(morningMailOptions ? { options: morningMailOptions } : {}),
    onRound: metrics?.roundDone,
  });
  app.addHook('onReady', () => morningMail.start());
  app.addHook('onClose', () => morningMail.stop());
};
