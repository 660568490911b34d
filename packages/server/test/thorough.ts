/**
 * The test tier of this run (see vitest.workspace.ts): `npm run test:thorough` sets
 * COACH_THOROUGH=1 and the heaviest files draw their full number of cases; `npm test` runs a
 * sample of them.
 */
export const thorough = process.env.COACH_THOROUGH === '1';
