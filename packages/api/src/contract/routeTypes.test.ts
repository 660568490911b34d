import { describe, expectTypeOf, it } from 'vitest';
import type { Person } from './account.ts';
import type { DateRangeQuery } from './calendar.ts';
import type { ApiErrorBody } from './errorCatalogue.ts';
import type { Journey, PhaseChangeBody } from './journey.ts';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from './routeTypes.ts';
import type { Tokens } from './sessionTokens.ts';
import type { SecondStep } from './signInFactors.ts';

// These checks run in the type checker (`npm run typecheck`): a route whose schema no longer
// matches its named type fails there, and so does a loosened helper (the @ts-expect-error lines
// then have no error to expect).
describe('the route table types every call', () => {
  it('derives the success answer of a route from its response schema', () => {
    expectTypeOf<ResponseOf<'getJourney'>>().toEqualTypeOf<Journey>();
    expectTypeOf<ResponseOf<'login', 200>>().toEqualTypeOf<Tokens>();
    expectTypeOf<ResponseOf<'login', 202>>().toEqualTypeOf<SecondStep>();
    expectTypeOf<ResponseOf<'updatePerson'>>().toEqualTypeOf<Person>();
  });

  it('derives the error answers by status', () => {
    expectTypeOf<ResponseOf<'startNextPhase', 409>>().toEqualTypeOf<ApiErrorBody>();
    // @ts-expect-error getJourney declares no 409 answer
    expectTypeOf<ResponseOf<'getJourney', 409>>().toEqualTypeOf<ApiErrorBody>();
  });

  it('derives bodies, path parameters and queries', () => {
    expectTypeOf<BodyOf<'startNextPhase'>>().toEqualTypeOf<PhaseChangeBody>();
    expectTypeOf<ParamsOf<'getJourney'>>().toEqualTypeOf<{ clientId: string }>();
    expectTypeOf<QueryOf<'getCalendar'>>().toEqualTypeOf<DateRangeQuery>();
    expectTypeOf<BodyOf<'currentSession'>>().toEqualTypeOf<undefined>();
  });

  it('refuses a value of another shape', () => {
    const tokens: Tokens = { accessToken: 'a', refreshToken: 'r' };
    // @ts-expect-error tokens are not a journey
    const journey: ResponseOf<'getJourney'> = tokens;
    void journey;
  });
});
