import { useEffect, useRef, useState } from 'react';
import { type Atom, useSetAtom, useStore } from '../../../state/jotai.ts';
import { type LiveUpdate, liveUpdateAtom } from '../../live/index.ts';
import { announceLiveChangeAtom } from '../atoms/liveAnnouncementAtom.ts';

/** How long a changed figure keeps its cue (the fade lasts a little less). */
const liveCueMs = 2000;

/**
 * What a live message changed in what is shown: the keys (figures, cells) whose value differs from
 * the one shown before, and the message's sequence (a new cue each time); none once the cue is over.
 */
export type LiveChanges = { keys: ReadonlySet<string>; sequence: number };

const everyKey = () => true;

const noChanges: LiveChanges = { keys: /* @__PURE__ */ new Set<string>(), sequence: 0 };

export type LiveChangesOptions<T> = {
  /** Each figure shown, by key, as a comparable value; keep it stable (module level). */
  signaturesOf: (data: T) => ReadonlyMap<string, string>;
  /** The names to announce for the changed keys (the clients they belong to). */
  namesOf: (keys: readonly string[], data: T) => readonly string[];
  /**
   * Whether a key's change is the live messages' doing: those since `since` named its client (or
   * asked for a refetch). Others changed with the clock (a window of hours that moved on) and get
   * no cue. Every key by default.
   */
  isNamed?: (key: string, update: LiveUpdate, since: number) => boolean;
  /** The live messages the data follows: the figures' (`liveUpdateAtom`) by default. */
  source?: Atom<LiveUpdate>;
};

/**
 * The figures of `data` that a live message changed. `data` is what a screen shows (undefined
 * while it loads): when a new value arrives after a live message, the keys whose signature
 * differs from the value shown before get a cue for {@link liveCueMs}, and their names one polite
 * announcement. The first value, and a new value no live message came before (a retry, the
 * coach's own change), have none.
 */
export function useLiveChanges<T>(
  data: T | undefined,
  { signaturesOf, namesOf, isNamed = everyKey, source = liveUpdateAtom }: LiveChangesOptions<T>,
): LiveChanges {
  // Read when a new value is shown, not subscribed to: a live message re-renders nothing here
  // (on a client's profile, every section would render again at each message, before any of
  // their new values has come).
  const store = useStore();
  const announce = useSetAtom(announceLiveChangeAtom);
  const shown = useRef<{ data: T; sequence: number; signatures: ReadonlyMap<string, string> }>(
    null,
  );
  const [changes, setChanges] = useState(noChanges);

  useEffect(() => {
    if (data === undefined || data === shown.current?.data) return;
    const update = store.get(source);
    const { sequence } = update;
    const previous = shown.current;
    const signatures = signaturesOf(data);
    shown.current = { data, sequence, signatures };
    if (previous === null || previous.sequence === sequence) return;
    const keys = [...signatures].flatMap(([key, signature]) => {
      const before = previous.signatures.get(key);
      const isChanged = before !== undefined && before !== signature;
      return isChanged && isNamed(key, update, previous.sequence) ? [key] : [];
    });
    if (keys.length === 0) return;
    setChanges({ keys: new Set(keys), sequence });
    const names = namesOf(keys, data);
    if (names.length > 0) announce({ sequence, names });
  }, [data, store, source, signaturesOf, namesOf, isNamed, announce]);

  useEffect(() => {
    if (changes.keys.size === 0) return;
    const timer = setTimeout(() => setChanges(noChanges), liveCueMs);
    return () => clearTimeout(timer);
  }, [changes]);

  return changes;
}
