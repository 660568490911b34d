import { routes } from '@coach/api';
import { describe, expect, it } from 'vitest';
import { contractRoute } from './contractRoute.ts';

const tokens = { accessToken: 'a', refreshToken: 'r' };

describe('contractRoute', () => {
  it('takes the method, path, schemas and operation id from the route table', () => {
    const route = contractRoute('updatePerson', {
      handler: async (request) => request.body as never,
    });
    expect(route.method).toBe('PUT');
    expect(route.url).toBe('/persons/:id');
    expect(route.schema).toMatchObject({
      operationId: 'updatePerson',
      params: routes.updatePerson.params,
      body: routes.updatePerson.body,
      response: routes.updatePerson.response,
    });
  });

  // The rest is checked by the type checker (`npm run typecheck`): each @ts-expect-error line is
  // an error today, and stops being one (failing the check) if the handler typing is loosened.
  it('types each handler by its route', () => {
    contractRoute('getJourney', {
      // @ts-expect-error tokens are not the journey the route answers
      handler: async () => tokens,
    });
    contractRoute('login', { handler: async () => tokens });

    contractRoute('updatePerson', {
      handler: async (request) => {
        // @ts-expect-error the body's first name is a string
        const firstName: number = request.body.firstName;
        // @ts-expect-error the route's path parameter is `id`
        const { clientId } = request.params;
        void firstName;
        void clientId;
        throw new Error('not called');
      },
    });

    contractRoute('getJourney', {
      handler: async (_request, reply) =>
        // @ts-expect-error getJourney answers no 409
        reply.status(409).send({ error: 'conflict', message: 'No' }),
    });
    contractRoute('startNextPhase', {
      handler: async (_request, reply) =>
        reply.status(409).send({ error: 'no_phase_planned', message: 'No' }),
    });
  });
});
