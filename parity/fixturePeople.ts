import { demoCoachCredentials, type MockClientRecord, type MockState } from '@coach/api/msw';

/** A mock client with the password the mocks sign them in with. */
export type FixtureClient = MockClientRecord & { password: string };

/**
 * The mocks' people as both backends hold them: the demo coach's credentials and every client of
 * the fixture table, by the name of their email address (`noah`, `aiko`, `client` for Jamie...).
 */
export function fixturePeople(state: Pick<MockState, 'clients' | 'users'>): {
  coach: { email: string; password: string };
  clients: Record<string, FixtureClient>;
} {
  const clients = state.clients.map((record): [string, FixtureClient] => {
    const user = state.users.find((candidate) => candidate.id === record.person.userId);
    if (!user) throw new Error(`no mock user for ${record.email}`);
    return [record.email.split('@')[0] ?? record.email, { ...record, password: user.password }];
  });
  return { coach: { ...demoCoachCredentials }, clients: Object.fromEntries(clients) };
}
