import type { ServiceName } from '@coach/api';
import { accountService } from './account/routes.ts';
import { analyticsService } from './analytics/routes.ts';
import { authService } from './auth/routes.ts';
import { calendarService } from './calendar/routes.ts';
import type { ServicePlugin } from './context.ts';
import { deviceMetricsService } from './deviceMetrics/routes.ts';
import { exerciseService } from './exercise/routes.ts';
import { journeyService } from './journey/routes.ts';
import { resourceService } from './resource/routes.ts';
import { surveyService } from './survey/routes.ts';

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
};
