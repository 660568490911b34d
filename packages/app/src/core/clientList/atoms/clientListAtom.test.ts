import { createHandlers, fixtureTokens } from '@coach/api/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { createStore } from '../../../state/jotai.ts';
import { coachApiAtom, tokenStoreAtom } from '../../session/index.ts';
import { clientListAtom, prefetchClientListAtom } from './clientListAtom.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('prefetchClientListAtom', () => {
  it('starts the one call the screen then reads', async () => {
    server.use(...createHandlers(mockBackend().options));
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(`${testBaseUrls.analytics}/clients`)) calls.push(request.url);
    });
    const store = createStore();
    const { api, tokens } = createTestApi(fixtureTokens.coach);
    store.set(coachApiAtom, api);
    store.set(tokenStoreAtom, tokens);

    store.set(prefetchClientListAtom);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const list = await store.get(clientListAtom);
    expect(list.clients.length).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
  });
});
