import type {
  Assessment,
  Reflection,
  SubmitAssessmentBody,
  SubmitReflectionBody,
} from '@coach/api';
import { messages } from '@coach/domain';
import { contractRoute } from '../../http/contractRoute.ts';
import {
  clientRangeHandlers,
  clientWriteHandlers,
  type WriteQuota,
} from '../clientRecords/index.ts';
import type { ServicePlugin } from '../core/index.ts';
import { listAssessments, listReflections, submitAssessment, submitReflection } from './store.ts';

/** A new reflection counts one (the windows allow five a day); a retry nothing. */
const reflectionQuota: WriteQuota<SubmitReflectionBody, Reflection> = {
  kind: 'reflection',
  charges: (_body, stored) => (stored.isNew ? { reflections: 1 } : {}),
};

/**
 * A new assessment counts one and its answers' bytes; one in progress moved on counts the
 * bytes it rewrote; a retry of a complete one nothing.
 */
const assessmentQuota: WriteQuota<SubmitAssessmentBody, Assessment> = {
  kind: 'assessment',
  charges: (body, stored) => {
    const bytes = Buffer.byteLength(JSON.stringify(body.answers));
    if (stored.isNew) return { assessments: 1, assessmentBytes: bytes };
    return stored.isUpdate ? { assessmentBytes: bytes } : {};
  },
};

/**
 * The survey service (`/api/survey`): a client's app posts reflections and assessments (always
 * the caller's own); their coach, or the client, lists them over a range of local dates.
 */
export const surveyService: ServicePlugin = async (app, context) => {
  const { database } = context;

  app.route(
    contractRoute(
      'submitReflection',
      clientWriteHandlers(
        context,
        messages.onlyClientsSubmitReflections,
        reflectionQuota,
        submitReflection,
      ),
    ),
  );
  app.route(
    contractRoute(
      'submitAssessment',
      clientWriteHandlers(
        context,
        messages.onlyClientsSubmitAssessments,
        assessmentQuota,
        submitAssessment,
      ),
    ),
  );
  app.route(
    contractRoute(
      'listReflections',
      clientRangeHandlers(context, 'coachOrClient', (client, range) =>
        listReflections(database.db, client, range),
      ),
    ),
  );
  app.route(
    contractRoute(
      'listAssessments',
      clientRangeHandlers(context, 'coachOrClient', (client, range, now) =>
        listAssessments(database.db, client, range, now),
      ),
    ),
  );
};
