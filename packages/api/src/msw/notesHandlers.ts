import {
  type ActingKind,
  compareNewestFirst,
  decodePageCursor,
  encodePageCursor,
  foldSearchText,
  followUpDateError,
  localDateOf,
  messages,
  notesLimits,
  notesQuotas,
  type PageKey,
  pageNewestFirst,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { Person } from '../contract/account.ts';
import type { ClientSummary } from '../contract/analytics.ts';
import type {
  EditNoteBody,
  EndFollowUpBody,
  FollowUp,
  FollowUpAnswer,
  Note,
  NoteList,
  NoteListQuery,
  SetFollowUpBody,
  WriteNoteBody,
} from '../contract/notes.ts';
import { markMockFirstAction } from './episodeStore.ts';
import type { MockClientRecord } from './fixtures/buildClient.ts';
import { mockNow } from './fixtures/mockClock.ts';
import {
  fixtureFollowUps,
  fixtureNotes,
  type MockFollowUpSeed,
  type MockNoteSeed,
} from './fixtures/noteFixtures.ts';
import { pushLiveEvent } from './liveEventHandlers.ts';
import { errorResponse as error, type MockHandlerOptions, mockService } from './route.ts';
import type { MockState } from './state.ts';

/** A coach's quotas of a day: notes, and follow-ups set or moved. */
type NotesQuotas = { notesPerDay: number; followUpsPerDay: number };

/** Options of {@link createNotesHandlers}. */
export type NotesHandlerOptions = MockHandlerOptions & {
  /**
   * The coach's quotas of a day (any subset), over the domain's `notesQuotas`: small ones let a
   * story or test reach the 429 in a few writes, as the server's `notesQuotas` setting does.
   */
  notesQuotas?: Partial<NotesQuotas>;
};

/** A stored note: what the contract answers, and the coach who wrote it. */
type MockNote = Note & { coachId: string };

/** A stored follow-up (`isDue` is worked out when answered), and the coach who set it. */
type MockFollowUp = Omit<FollowUp, 'isDue'> & { coachId: string };

/** A fixed window of a coach's writes of one kind (the server's rate bucket). */
type MockBucket = { windowStartMs: number; count: number };

/** The notes service's data of one mock state. */
type MockNotes = {
  /** Every note by its id (ids are unique over every client and coach, as on the server). */
  notes: Map<string, MockNote>;
  /** Every follow-up, the ended ones kept; at most one open per client and coach. */
  followUps: MockFollowUp[];
  /** The coaches' daily windows by `{kind}:{coachId}`. */
  buckets: Map<string, MockBucket>;
  quotas: NotesQuotas;
  /** The clock of what the helpers store (the handlers' `now`, once they are made). */
  now: () => Date;
  /** Counter of the seeded notes' ids. */
  seeded: number;
};

const notesByState = new WeakMap<MockState, MockNotes>();

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
const editWindowMs = notesLimits.editWindowSeconds * 1000;

/** A seeded note's id: `407e0000-0000-4000-8000-{counter}`. */
const seededNoteId = (store: MockNotes) => {
  store.seeded += 1;
  return `407e0000-0000-4000-8000-${store.seeded.toString(16).padStart(12, '0')}`;
};

/** A follow-up's id: `f0110000-0000-4000-8000-{the state's counter}`. */
const followUpIdOf = (state: MockState) => {
  state.sequence += 1;
  return `f0110000-0000-4000-8000-${state.sequence.toString(16).padStart(12, '0')}`;
};

/** Whether a note or follow-up is of this client and coach. */
const isOwners = (
  item: { clientId: string; coachId: string },
  clientId: string,
  coachId: string,
): boolean => item.clientId === clientId && item.coachId === coachId;

/** A note of `coachId` on `clientId` written at `writtenAt`. */
function noteOf(id: string, clientId: string, coachId: string, text: string, writtenAt: number) {
  return {
    id,
    clientId,
    coachId,
    text,
    writtenAt: new Date(writtenAt).toISOString(),
    editedAt: null,
    editableUntil: new Date(writtenAt + editWindowMs).toISOString(),
  } satisfies MockNote;
}

/** The client's coach, or an error naming the client: a helper's mistake, not a request's. */
function coachIdOf(state: MockState, clientId: string): string {
  const record = state.clients.find((client) => client.person.id === clientId);
  if (!record) throw new Error(`MSW: no mock client ${clientId}`);
  if (!record.person.coachId) throw new Error(`MSW: mock client ${clientId} has no coach`);
  return record.person.coachId;
}

/** Clears a client's notes and stores the seeds, by the client's coach (the mocks' ids and times). */
function storeNoteSeeds(
  store: MockNotes,
  clientId: string,
  coachId: string,
  seeds: readonly MockNoteSeed[],
): MockNote[] {
  for (const note of [...store.notes.values()]) {
    if (note.clientId === clientId) store.notes.delete(note.id);
  }
  return seeds.map((seed) => {
    const written = mockNow.getTime() - seed.minutesAgo * minuteMs;
    const note: MockNote = noteOf(seededNoteId(store), clientId, coachId, seed.text, written);
    if (seed.editedMinutesAgo !== undefined) {
      const edited = Math.max(written, mockNow.getTime() - seed.editedMinutesAgo * minuteMs);
      note.editedAt = new Date(edited).toISOString();
    }
    store.notes.set(note.id, note);
    return note;
  });
}

/** Replaces the open follow-up of a client with their coach by the seed (none: only removed). */
function storeFollowUpSeed(
  state: MockState,
  store: MockNotes,
  clientId: string,
  coachId: string,
  seed: MockFollowUpSeed | null,
): MockFollowUp | null {
  store.followUps = store.followUps.filter(
    (followUp) => !(isOwners(followUp, clientId, coachId) && followUp.endedAt === null),
  );
  if (!seed) return null;
  const followUp: MockFollowUp = {
    id: followUpIdOf(state),
    clientId,
    coachId,
    dueDate: seed.dueDate,
    reason: seed.reason,
    createdAt: new Date(mockNow.getTime() - (seed.minutesAgo ?? 0) * minuteMs).toISOString(),
    endedAt: null,
    ending: null,
  };
  store.followUps.push(followUp);
  return followUp;
}

/**
 * The notes data of the mock state, made on first use: the demo notes and follow-up of the demo
 * coach's clients, or none with `emptyLists` (the handlers make it when they are made, so seed
 * notes or a follow-up after making them).
 */
function mockNotesOf(
  state: MockState,
  options: Pick<NotesHandlerOptions, 'emptyLists' | 'notesQuotas'> = {},
): MockNotes {
  let store = notesByState.get(state);
  if (!store) {
    store = {
      notes: new Map(),
      followUps: [],
      buckets: new Map(),
      quotas: { ...notesQuotas, ...options.notesQuotas },
      now: () => new Date(),
      seeded: 0,
    };
    if (!options.emptyLists) {
      const isClient = (clientId: string) =>
        state.clients.some((client) => client.person.id === clientId);
      for (const [clientId, seeds] of Object.entries(fixtureNotes)) {
        if (isClient(clientId)) storeNoteSeeds(store, clientId, coachIdOf(state, clientId), seeds);
      }
      for (const [clientId, seed] of Object.entries(fixtureFollowUps)) {
        if (isClient(clientId)) {
          storeFollowUpSeed(state, store, clientId, coachIdOf(state, clientId), seed);
        }
      }
    }
    notesByState.set(state, store);
  }
  return store;
}

/** A note as the contract answers it. */
const publicNote = ({ coachId: _coachId, ...note }: MockNote): Note => note;

/** A follow-up as the contract answers it: due from its date on, by the coach's `today`. */
const publicFollowUp = ({ coachId: _coachId, ...followUp }: MockFollowUp, today: string) =>
  ({ ...followUp, isDue: followUp.dueDate <= today }) satisfies FollowUp;

/** A note's place in the client's notes, as the server keys it (microseconds, then the id). */
const keyOf = (note: Note): PageKey => ({ at: `${note.writtenAt.slice(0, 23)}000Z`, id: note.id });

/** The coach's date now, in their time zone (UTC for a coach the state does not hold). */
function todayOf(state: MockState, coachId: string, now: Date): string {
  const coach = state.persons.find((person) => person.id === coachId);
  return localDateOf(now, coach?.timezone ?? 'UTC');
}

/** The open follow-up of the client with the coach, if any. */
const openFollowUpOf = (store: MockNotes, clientId: string, coachId: string) =>
  store.followUps.find(
    (followUp) => isOwners(followUp, clientId, coachId) && followUp.endedAt === null,
  );

/**
 * The client's open follow-up with their coach as the clients list shows it, due by the coach's
 * date at `now`; null when none (or before the notes handlers are made: no follow-up then).
 */
export function listedFollowUpOf(
  state: MockState,
  clientId: string,
  now: Date,
): ClientSummary['followUp'] {
  const store = notesByState.get(state);
  if (!store) return null;
  const coachId = coachIdOf(state, clientId);
  const open = openFollowUpOf(store, clientId, coachId);
  if (!open) return null;
  const { dueDate, reason } = open;
  return { dueDate, reason, isDue: dueDate <= todayOf(state, coachId, now) };
}

/** Tells the coach's live stream that what the list or the profile shows of a client changed (`clients-changed`). */
function clientRowChanged(state: MockState, clientId: string): void {
  pushLiveEvent(state, { event: 'clients-changed', data: { clientIds: [clientId] } });
}

/**
 * What a coach's action on a client changes in the mocks, as the server's `coachActed`
 * (client-records core) does: the first action of the client's open attention episode is marked
 * (every kind), and the open follow-up of the client with that coach ends as 'acted' at `at`
 * unless the action is the follow-up itself (set or moved: it stays open); for either, the
 * coach's live stream gets `clients-changed` for the client. The mocks call it for a coach's new
 * note, a coach's new message, a phase change and a generated report; nothing happens before the
 * notes handlers are made (no follow-up then). Answers whether a follow-up ended.
 */
export function coachActed(
  state: MockState,
  action: { clientId: string; coachId: string; kind: ActingKind; at: Date },
): { followUpEnded: boolean } {
  const isFirstAction = markMockFirstAction(state, action);
  const store = notesByState.get(state);
  const open =
    action.kind === 'followUp' || !store
      ? undefined
      : openFollowUpOf(store, action.clientId, action.coachId);
  if (open) Object.assign(open, { endedAt: action.at.toISOString(), ending: 'acted' });
  // As the server publishes a change of the client for either.
  if (open || isFirstAction) clientRowChanged(state, action.clientId);
  return { followUpEnded: open !== undefined };
}

/**
 * Replaces a client's notes with these (`[]`: none), written by the client's coach, oldest first
 * as given; answers them as stored. No live event: seed before the screen reads the notes.
 */
export function seedNotes(
  state: MockState,
  clientId: string,
  seeds: readonly MockNoteSeed[],
): Note[] {
  const coachId = coachIdOf(state, clientId);
  return storeNoteSeeds(mockNotesOf(state), clientId, coachId, seeds).map(publicNote);
}

/**
 * Replaces the open follow-up of a client with their coach by the seed (null: no open one),
 * whatever its date (a seed may be overdue); answers it as the coach reads it now (the handlers'
 * clock). No live event: seed before the screen reads it.
 */
export function seedFollowUp(
  state: MockState,
  clientId: string,
  seed: MockFollowUpSeed | null,
): FollowUp | null {
  const coachId = coachIdOf(state, clientId);
  const store = mockNotesOf(state);
  const stored = storeFollowUpSeed(state, store, clientId, coachId, seed);
  return stored ? publicFollowUp(stored, todayOf(state, coachId, store.now())) : null;
}

/**
 * Charges one write of `kind` to the coach's day, as the server's fixed window (the first write
 * starts a day): answers null when it fits, or the seconds until the window ends (nothing
 * charged) when it would pass the quota.
 */
function chargeWrite(
  store: MockNotes,
  coachId: string,
  kind: 'note' | 'followUp',
  now: Date,
): number | null {
  const key = `${kind}:${coachId}`;
  const at = now.getTime();
  const current = store.buckets.get(key);
  const isExpired =
    !current || current.windowStartMs <= at - dayMs || current.windowStartMs > at + dayMs;
  const bucket = isExpired ? { windowStartMs: at, count: 0 } : { ...current };
  bucket.count += 1;
  const quota = kind === 'note' ? store.quotas.notesPerDay : store.quotas.followUpsPerDay;
  if (bucket.count > quota) {
    return Math.max(1, Math.ceil((bucket.windowStartMs + dayMs - at) / 1000));
  }
  store.buckets.set(key, bucket);
  return null;
}

/** The 429 of a quota passed, with Retry-After. */
function rateLimited(message: string, retryAfterSeconds: number): Response {
  const refusal = error(429, 'rate_limited', message);
  refusal.headers.set('Retry-After', String(retryAfterSeconds));
  return refusal;
}

/**
 * When a new note of the client is written: now, or a millisecond after the client's newest when
 * the clock stands still (the stories' fixed clock), so that the notes keep the order of writing.
 */
function nextWrittenAt(notes: readonly MockNote[], now: Date): number {
  const newest = Math.max(...notes.map((note) => Date.parse(note.writtenAt)));
  return Math.max(now.getTime(), newest + 1);
}

/**
 * MSW handlers of the notes service over the mock state, following the server's rules (the
 * contract's and the domain's): a client's notes and follow-up are reached by the client's coach
 * only, and only what that coach wrote (the one 404 'Client not found' to anyone else, clients
 * included); notes page newest first after a cursor and are searched case and accents aside
 * (the domain's `foldSearchText`); a note is stored once by its id (200 for a retry of the same note, 409
 * 'id_conflict' for another), edited within 24 hours by the mocks' clock (then 409
 * 'edit_window_passed') and deleted (204); one open follow-up per client, set or moved (the same
 * date and reason again changes nothing) within the domain's dates in the coach's time zone
 * (`followUpDateError`), marked done or dropped (404 'No open follow-up' when none is); the
 * coach's daily quotas (429 with Retry-After). A new note ends the open follow-up as 'acted'
 * ({@link coachActed}); every change of a follow-up pushes `clients-changed` into the live event
 * mocks linked to the state.
 */
export function createNotesHandlers(options: NotesHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const store = mockNotesOf(state, options);
  store.now = now;
  if (options.notesQuotas) store.quotas = { ...notesQuotas, ...options.notesQuotas };

  /** The caller and the client when the caller is the client's coach; the one 404 otherwise. */
  function coachAccess(
    userId: string | undefined,
    clientId: string | undefined,
  ): { coach: Person; record: MockClientRecord; clientId: string } | Response {
    const caller = state.persons.find((person) => person.userId === userId);
    const id = clientId?.toLowerCase();
    const record = state.clients.find((client) => client.person.id === id);
    if (caller?.type !== 'coach' || !record || record.person.coachId !== caller.id) {
      return error(404, 'not_found', messages.clientNotFound);
    }
    return { coach: caller, record, clientId: record.person.id };
  }

  /** The coach's notes on the client. */
  const ownedNotes = (clientId: string, coachId: string) =>
    [...store.notes.values()].filter((note) => isOwners(note, clientId, coachId));

  /** The coach's note `noteId` on the client; 404 'Note not found' otherwise. */
  function ownedNote(clientId: string, coachId: string, noteId: string | undefined) {
    const note = store.notes.get((noteId ?? '').toLowerCase());
    return note && isOwners(note, clientId, coachId)
      ? note
      : error(404, 'not_found', messages.noteNotFound);
  }

  return [
    handle('listNotes', ({ userId, params, query }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const { limit = notesLimits.pageMax, before, search } = query as NoteListQuery;
      const cursor = before === undefined ? null : decodePageCursor(before);
      if (before !== undefined && cursor === null) {
        return error(400, 'invalid_request', messages.invalidCursor);
      }
      const sought = search?.trim() ? foldSearchText(search.trim()) : null;
      const keyed = ownedNotes(access.clientId, access.coach.id)
        .filter((note) => sought === null || foldSearchText(note.text).includes(sought))
        .map((note) => ({ ...keyOf(note), note }));
      const after = cursor ? keyed.filter((key) => compareNewestFirst(key, cursor) > 0) : keyed;
      const page = pageNewestFirst([after], limit);
      return HttpResponse.json({
        items: page.items.map((key) => publicNote(key.note)),
        nextCursor: page.next === null ? null : encodePageCursor(page.next),
      } satisfies NoteList);
    }),
    handle('writeNote', ({ userId, params, body }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const { clientId, coach } = access;
      const { text } = body as WriteNoteBody;
      const id = (body as WriteNoteBody).id.toLowerCase();
      // A retry of a note stored before answers it; the id of any other is taken.
      const stored = store.notes.get(id);
      if (stored) {
        const isRetry = isOwners(stored, clientId, coach.id) && stored.text === text;
        return isRetry
          ? HttpResponse.json(publicNote(stored), { status: 200 })
          : error(409, 'id_conflict', messages.noteIdTaken);
      }
      const at = now();
      const wait = chargeWrite(store, coach.id, 'note', at);
      if (wait !== null) return rateLimited(messages.tooManyNotes, wait);
      const written = nextWrittenAt(ownedNotes(clientId, coach.id), at);
      const note = noteOf(id, clientId, coach.id, text, written);
      store.notes.set(id, note);
      coachActed(state, { clientId, coachId: coach.id, kind: 'note', at });
      return HttpResponse.json(publicNote(note), { status: 201 });
    }),
    handle('editNote', ({ userId, params, body }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const note = ownedNote(access.clientId, access.coach.id, params.noteId);
      if (note instanceof Response) return note;
      const at = now().getTime();
      if (at - Date.parse(note.writtenAt) > editWindowMs) {
        return error(409, 'edit_window_passed', messages.noteEditWindowPassed);
      }
      const { text } = body as EditNoteBody;
      if (note.text !== text) {
        // Never before its writing, which a clock that stands still may put a little ahead.
        const editedAt = new Date(Math.max(at, Date.parse(note.writtenAt))).toISOString();
        Object.assign(note, { text, editedAt });
      }
      return HttpResponse.json(publicNote(note));
    }),
    handle('deleteNote', ({ userId, params }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const note = ownedNote(access.clientId, access.coach.id, params.noteId);
      if (note instanceof Response) return note;
      store.notes.delete(note.id);
      return new HttpResponse(null, { status: 204 });
    }),
    handle('getFollowUp', ({ userId, params }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const open = openFollowUpOf(store, access.clientId, access.coach.id);
      const today = todayOf(state, access.coach.id, now());
      return HttpResponse.json({
        open: open ? publicFollowUp(open, today) : null,
      } satisfies FollowUpAnswer);
    }),
    handle('setFollowUp', ({ userId, params, body }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const { clientId, coach } = access;
      const at = now();
      const today = todayOf(state, coach.id, at);
      const { dueDate, reason } = body as SetFollowUpBody;
      const refusal = followUpDateError(dueDate, today);
      if (refusal) return error(400, 'invalid_request', refusal);
      const open = openFollowUpOf(store, clientId, coach.id);
      // Set again as it is: nothing written, nothing charged, nothing told.
      if (open && open.dueDate === dueDate && open.reason === reason) {
        return HttpResponse.json(publicFollowUp(open, today));
      }
      const wait = chargeWrite(store, coach.id, 'followUp', at);
      if (wait !== null) return rateLimited(messages.tooManyFollowUps, wait);
      // Moved: the same follow-up (its id and creation) with a new date and reason.
      const followUp: MockFollowUp = open ?? {
        id: followUpIdOf(state),
        clientId,
        coachId: coach.id,
        dueDate,
        reason,
        createdAt: at.toISOString(),
        endedAt: null,
        ending: null,
      };
      Object.assign(followUp, { dueDate, reason });
      if (!open) store.followUps.push(followUp);
      // An action on the client that does not end the follow-up itself.
      coachActed(state, { clientId, coachId: coach.id, kind: 'followUp', at });
      clientRowChanged(state, clientId);
      return HttpResponse.json(publicFollowUp(followUp, today));
    }),
    handle('endFollowUp', ({ userId, params, body }) => {
      const access = coachAccess(userId, params.clientId);
      if (access instanceof Response) return access;
      const open = openFollowUpOf(store, access.clientId, access.coach.id);
      if (!open) return error(404, 'not_found', messages.noOpenFollowUp);
      const at = now();
      Object.assign(open, { endedAt: at.toISOString(), ending: (body as EndFollowUpBody).ending });
      clientRowChanged(state, access.clientId);
      return HttpResponse.json(publicFollowUp(open, todayOf(state, access.coach.id, at)));
    }),
  ];
}
