import type { Journey } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { contractRoute } from '../../http/contractRoute.ts';
import type { ServiceContext } from '../core/index.ts';
import { recordExercise } from '../exercise/store.ts';
import { listReflections, submitAssessment, submitReflection } from '../survey/store.ts';
import { clientRangeHandlers, clientWriteHandlers } from './clientRoutes.ts';

// What these checks guard is typing: each @ts-expect-error line is an error today, and stops
// being one (failing `npm run typecheck`) if the route helpers lose their typing.
const context = { requireAuth: async () => undefined } as unknown as ServiceContext;
const noQuota = { kind: 'reflection', charges: () => ({}) } as const;

describe('client route handlers', () => {
  it('fit only the routes whose body and answer they take', () => {
    const write = contractRoute(
      'submitReflection',
      clientWriteHandlers(context, 'clients only', noQuota, submitReflection),
    );
    expect(write.method).toBe('POST');
    contractRoute(
      'submitReflection',
      // @ts-expect-error an assessment's body and answer are not a reflection's
      clientWriteHandlers(context, 'clients only', noQuota, submitAssessment),
    );
    contractRoute(
      'submitAssessment',
      // @ts-expect-error an exercise is not an assessment
      clientWriteHandlers(context, 'clients only', noQuota, recordExercise),
    );

    contractRoute(
      'listReflections',
      clientRangeHandlers(context, 'coachOrClient', (client, range) =>
        listReflections(context.database?.db, client, range),
      ),
    );
    contractRoute(
      'listExercises',
      // @ts-expect-error reflections are not the exercises the route answers
      clientRangeHandlers(context, 'coachOrClient', (client, range) =>
        listReflections(context.database?.db, client, range),
      ),
    );
    const journey = async (): Promise<Journey> => {
      throw new Error('not called');
    };
    // @ts-expect-error getJourney answers a journey, but takes no date range
    contractRoute('getJourney', clientRangeHandlers(context, 'coach', journey));
  });
});
