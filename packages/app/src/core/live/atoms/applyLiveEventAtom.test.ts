import { describe, expect, it } from 'vitest';
import { createStore } from '../../../state/jotai.ts';
import { applyLiveEventAtom } from './applyLiveEventAtom.ts';
import { liveMessagesAtom } from './liveMessagesAtom.ts';
import { liveUpdateAtom } from './liveUpdateAtom.ts';

const jamie = '00000000-0000-4000-8000-000000000102';

describe('applyLiveEventAtom', () => {
  it('makes the threads stale on messages-changed, never the figures', () => {
    const store = createStore();
    const figures = store.get(liveUpdateAtom);
    store.set(applyLiveEventAtom, {
      event: 'messages-changed',
      id: '1',
      data: { clientIds: [jamie] },
    });
    expect(store.get(liveUpdateAtom)).toBe(figures);
    expect(store.get(liveMessagesAtom)).toMatchObject({ sequence: 1 });
    expect(store.get(liveMessagesAtom).namedAt.get(jamie)).toBe(1);
  });

  it('counts one sequence over both, and a refetch makes both stale', () => {
    const store = createStore();
    store.set(applyLiveEventAtom, {
      event: 'clients-changed',
      id: '1',
      data: { clientIds: [jamie] },
    });
    store.set(applyLiveEventAtom, {
      event: 'messages-changed',
      id: '2',
      data: { clientIds: [jamie] },
    });
    expect(store.get(liveUpdateAtom).sequence).toBe(1);
    expect(store.get(liveMessagesAtom).sequence).toBe(2);
    store.set(applyLiveEventAtom, { event: 'refetch', id: '3', data: { reason: 'connection' } });
    expect(store.get(liveUpdateAtom).refetchedAt).toBe(3);
    expect(store.get(liveMessagesAtom).refetchedAt).toBe(3);
  });
});
