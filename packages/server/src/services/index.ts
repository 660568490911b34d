import type { ServiceName } from '@coach/api';
import { accountService as accountRoutes } from './account/index.ts';
import { analyticsService as analyticsRoutes, attentionEpisodesJob } from './analytics/index.ts';
import { authService } from './auth/index.ts';
import { calendarService } from './calendar/index.ts';
import type { ServicePlugin } from './core/index.ts';
import { deviceMetricsService } from './deviceMetrics/index.ts';
import { exerciseService } from './exercise/index.ts';
import { journeyService } from './journey/index.ts';
import { messagingService } from './messaging/index.ts';
import { morningMailJob } from './morningMail/index.ts';
import { notesService } from './notes/index.ts';
import { resourceService } from './resource/index.ts';
import { surveyService } from './survey/index.ts';

/**
 * The account service (`/api/account`) with the morning attention mail, which goes with the
 * coaches' settings: it runs in each process that hosts them.
 */
export const accountService: ServicePlugin = async (app, context) => {
  await accountRoutes(app, context);
  await morningMailJob(app, context);
};

/**
 * The analytics service (`/api/analytics`) with the attention episodes' sweep, which reads the
 * clients list's figures: it runs in each process that hosts them.
 */
const analyticsService: ServicePlugin = async (app, context) => {
  await analyticsRoutes(app, context);
  await attentionEpisodesJob(app, context);
};

/**
 * The services this server can host, by name. A deployment picks a subset with `SERVICES`;
 * each is registered under `/api/<name>`.
 */
export const servicePlugins: Partial<Record<ServiceName, ServicePlugin>> = {
  auth: authService,
  account: accountService,
  resource: resourceService,
  'device-metrics': deviceMetricsService,
  journey: journeyService,
  calendar: calendarService,
  survey: surveyService,
  exercise: exerciseService,
  analytics: analyticsService,
  messaging: messagingService,
  notes: notesService,
};
