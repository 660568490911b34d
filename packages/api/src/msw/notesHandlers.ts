import {
  type ActingKind,
  foldSearchText,
  followUpDateError,
  isFollowUpDue,
  localDateOf,
  messages,
  notesLimits,
} from '@coach/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import type { ClientSummary } from '../contract/analytics.ts';
import type {
  EditNoteBody,
  EndFollowUpBody,
  FollowUp,
  Note,
  NoteList,
  SetFollowUpBody,
  WriteNoteBody,
} from '../contract/notes.ts';
import { markMockFirstAction } from './episodeStore.ts';
import { mockNow } from './fixtures/mockClock.ts';
import {
  fixtureFollowUps,
  fixtureNotes,
  type MockFollowUpSeed,
  type MockNoteSeed,
} from './fixtures/noteFixtures.ts';
import { pushLiveEvent } from './liveEventHandlers.ts';
import {
  clientAccess,
  errorResponse as error,
  type MockHandlerOptions,
  mockService,
  newestFirstPage,
  nextInstant,
} from './route.ts';
import { type MockState, nextMockId, perState } from './state.ts';

// The notes service over the mock state, for what the stories show: the coach's notes on a client
// (newest first, a page at a time, searched by the domain's folding), written, edited and deleted;
// the open follow-up, set, moved and ended, due by the domain's rule. The server's quotas, edit
// window and retries by id are its own: a story shows a refusal with `failures`.

/** Options of {@link createNotesHandlers}. */
export type NotesHandlerOptions = MockHandlerOptions;

/** A stored note, and the coach who wrote it. */
type MockNote = Note & { coachId: string };

/** A stored follow-up (due or not when read), and the coach who set it. */
type MockFollowUp = Omit<FollowUp, 'isDue'> & { coachId: string };

const minuteMs = 60_000;
const editWindowMs = notesLimits.editWindowSeconds * 1000;

/** The client's coach, or an error naming the client: a helper's mistake, not a request's. */
function coachIdOf(state: MockState, clientId: string): string {
  const coachId = state.clients.find((client) => client.person.id === clientId)?.person.coachId;
  if (!coachId) throw new Error(`MSW: no mock client ${clientId} with a coach`);
  return coachId;
}

/** The notes of the seeds on a client, by the client's coach, oldest first (the mocks' ids). */
const notesOfSeeds = (state: MockState, clientId: string, seeds: readonly MockNoteSeed[]) =>
  seeds.map((seed): MockNote => {
    const written = mockNow.getTime() - seed.minutesAgo * minuteMs;
    const edited = mockNow.getTime() - (seed.editedMinutesAgo ?? seed.minutesAgo) * minuteMs;
    return {
      id: nextMockId(state, '407e0000'),
      clientId,
      coachId: coachIdOf(state, clientId),
      text: seed.text,
      writtenAt: new Date(written).toISOString(),
      editedAt:
        seed.editedMinutesAgo === undefined
          ? null
          : new Date(Math.max(written, edited)).toISOString(),
      editableUntil: new Date(written + editWindowMs).toISOString(),
    };
  });

/** The open follow-up of a seed on a client, with the client's coach. */
const followUpOfSeed = (state: MockState, clientId: string, seed: MockFollowUpSeed) =>
  ({
    id: nextMockId(state, 'f0110000'),
    clientId,
    coachId: coachIdOf(state, clientId),
    dueDate: seed.dueDate,
    reason: seed.reason,
    createdAt: new Date(mockNow.getTime() - (seed.minutesAgo ?? 0) * minuteMs).toISOString(),
    endedAt: null,
    ending: null,
  }) satisfies MockFollowUp;

/** The notes and follow-ups of a state: at first, the demo coach's on the fixture clients. */
const notesOf = perState((state) => {
  const isClient = ([clientId]: [string, unknown]) =>
    state.clients.some((client) => client.person.id === clientId);
  return {
    notes: Object.entries(fixtureNotes)
      .filter(isClient)
      .flatMap(([clientId, seeds]) => notesOfSeeds(state, clientId, seeds)),
    followUps: Object.entries(fixtureFollowUps)
      .filter(isClient)
      .map(([clientId, seed]): MockFollowUp => followUpOfSeed(state, clientId, seed)),
  };
});

/** A note as the contract answers it. */
const publicNote = ({ coachId: _coachId, ...note }: MockNote): Note => note;

/** The coach's date now, in their time zone. */
const todayOf = (state: MockState, coachId: string, now: Date) =>
  localDateOf(now, state.persons.find((person) => person.id === coachId)?.timezone ?? 'UTC');

/** A follow-up as the contract answers it, due or not by the coach's today. */
const publicFollowUp = (state: MockState, { coachId, ...followUp }: MockFollowUp, now: Date) =>
  ({
    ...followUp,
    isDue: isFollowUpDue(followUp.dueDate, todayOf(state, coachId, now)),
  }) satisfies FollowUp;

/** The open follow-up of the client with the coach, if any. */
const openFollowUpOf = (state: MockState, clientId: string, coachId: string) =>
  notesOf(state).followUps.find(
    (item) => item.clientId === clientId && item.coachId === coachId && item.endedAt === null,
  );

/** The client's open follow-up with their coach as the clients list shows it at `now`. */
export function listedFollowUpOf(
  state: MockState,
  clientId: string,
  now: Date,
): ClientSummary['followUp'] {
  const open = openFollowUpOf(state, clientId, coachIdOf(state, clientId));
  if (!open) return null;
  const { dueDate, reason, isDue } = publicFollowUp(state, open, now);
  return { dueDate, reason, isDue };
}

/** Tells the coach's live stream that what the list or the profile shows of a client changed. */
const clientRowChanged = (state: MockState, clientId: string) =>
  pushLiveEvent(state, { event: 'clients-changed', data: { clientIds: [clientId] } });

/**
 * A coach's action on a client, as the server's `coachActed`: the first action of the client's
 * open attention episode is marked, and the open follow-up ends as 'acted' unless the action is
 * the follow-up itself; either tells the coach's live stream. The mocks call it for a coach's
 * note, message, phase change and report.
 */
export function coachActed(
  state: MockState,
  action: { clientId: string; coachId: string; kind: ActingKind; at: Date },
): void {
  const isFirstAction = markMockFirstAction(state, action);
  const open =
    action.kind === 'followUp' ? undefined : openFollowUpOf(state, action.clientId, action.coachId);
  if (open) Object.assign(open, { endedAt: action.at.toISOString(), ending: 'acted' });
  if (open || isFirstAction) clientRowChanged(state, action.clientId);
}

/** Replaces a client's notes with these (`[]`: none), by the client's coach, oldest first. */
export function seedNotes(state: MockState, clientId: string, seeds: readonly MockNoteSeed[]) {
  const store = notesOf(state);
  const others = store.notes.filter((note) => note.clientId !== clientId);
  store.notes = [...others, ...notesOfSeeds(state, clientId, seeds)];
}

/** Replaces the open follow-up of a client with their coach by the seed (null: none open). */
export function seedFollowUp(state: MockState, clientId: string, seed: MockFollowUpSeed | null) {
  const store = notesOf(state);
  const open = openFollowUpOf(state, clientId, coachIdOf(state, clientId));
  store.followUps = store.followUps.filter((followUp) => followUp !== open);
  if (seed) store.followUps.push(followUpOfSeed(state, clientId, seed));
}

/**
 * MSW handlers of the notes service over the mock state: the client's coach only (the one 404 to
 * anyone else); `emptyLists` starts without notes and follow-ups.
 */
export function createNotesHandlers(options: NotesHandlerOptions = {}): HttpHandler[] {
  const { state, handle, now } = mockService(options);
  const store = notesOf(state);
  if (options.emptyLists) Object.assign(store, { notes: [], followUps: [] });
  const coachOf = (userId: string | undefined, clientId: string | undefined) => {
    const access = clientAccess(state, userId, clientId);
    return access instanceof Response
      ? access
      : { clientId: access.record.person.id, coachId: access.caller.id };
  };
  const notesOfClient = ({ clientId, coachId }: { clientId: string; coachId: string }) =>
    store.notes.filter((note) => note.clientId === clientId && note.coachId === coachId);
  const noteOf = (owner: { clientId: string; coachId: string }, noteId: string | undefined) =>
    notesOfClient(owner).find((note) => note.id === noteId?.toLowerCase()) ??
    error(404, 'not_found', messages.noteNotFound);

  return [
    handle('listNotes', ({ userId, params, query }) => {
      const owner = coachOf(userId, params.clientId);
      if (owner instanceof Response) return owner;
      const sought = foldSearchText(String(query.search ?? '').trim());
      const found = notesOfClient(owner).filter((note) =>
        foldSearchText(note.text).includes(sought),
      );
      const page = newestFirstPage(
        found,
        (note) => ({ at: note.writtenAt, id: note.id }),
        query,
        notesLimits.pageMax,
      );
      if (page instanceof Response) return page;
      return HttpResponse.json({ ...page, items: page.items.map(publicNote) } satisfies NoteList);
    }),
    handle('writeNote', ({ userId, params, body }) => {
      const owner = coachOf(userId, params.clientId);
      if (owner instanceof Response) return owner;
      const { id, text } = body as WriteNoteBody;
      const at = now();
      const writtenAt = nextInstant(
        notesOfClient(owner).map((note) => note.writtenAt),
        at,
      );
      const editableUntil = new Date(Date.parse(writtenAt) + editWindowMs).toISOString();
      const note = {
        ...owner,
        id: id.toLowerCase(),
        text,
        writtenAt,
        editedAt: null,
        editableUntil,
      };
      store.notes.push(note);
      coachActed(state, { ...owner, kind: 'note', at });
      return HttpResponse.json(publicNote(note), { status: 201 });
    }),
    handle('editNote', ({ userId, params, body }) => {
      const owner = coachOf(userId, params.clientId);
      const note = owner instanceof Response ? owner : noteOf(owner, params.noteId);
      if (note instanceof Response) return note;
      const { text } = body as EditNoteBody;
      if (note.text !== text)
        Object.assign(note, { text, editedAt: nextInstant([note.writtenAt], now()) });
      return HttpResponse.json(publicNote(note));
    }),
    handle('deleteNote', ({ userId, params }) => {
      const owner = coachOf(userId, params.clientId);
      const note = owner instanceof Response ? owner : noteOf(owner, params.noteId);
      if (note instanceof Response) return note;
      store.notes = store.notes.filter((each) => each !== note);
      return new HttpResponse(null, { status: 204 });
    }),
    handle('getFollowUp', ({ userId, params }) => {
      const owner = coachOf(userId, params.clientId);
      if (owner instanceof Response) return owner;
      const open = openFollowUpOf(state, owner.clientId, owner.coachId);
      return HttpResponse.json({ open: open ? publicFollowUp(state, open, now()) : null });
    }),
    handle('setFollowUp', ({ userId, params, body }) => {
      const owner = coachOf(userId, params.clientId);
      if (owner instanceof Response) return owner;
      const at = now();
      const { dueDate, reason } = body as SetFollowUpBody;
      const refusal = followUpDateError(dueDate, todayOf(state, owner.coachId, at));
      if (refusal) return error(400, 'invalid_request', refusal);
      // Moved: the open one (its id and creation) takes the new date and reason.
      let followUp = openFollowUpOf(state, owner.clientId, owner.coachId);
      if (!followUp) {
        const created = { id: nextMockId(state, 'f0110000'), createdAt: at.toISOString() };
        followUp = { ...owner, ...created, dueDate, reason, endedAt: null, ending: null };
        store.followUps.push(followUp);
      }
      Object.assign(followUp, { dueDate, reason });
      coachActed(state, { ...owner, kind: 'followUp', at });
      clientRowChanged(state, owner.clientId);
      return HttpResponse.json(publicFollowUp(state, followUp, at));
    }),
    handle('endFollowUp', ({ userId, params, body }) => {
      const owner = coachOf(userId, params.clientId);
      if (owner instanceof Response) return owner;
      const open = openFollowUpOf(state, owner.clientId, owner.coachId);
      if (!open) return error(404, 'not_found', messages.noOpenFollowUp);
      const at = now();
      Object.assign(open, { endedAt: at.toISOString(), ending: (body as EndFollowUpBody).ending });
      clientRowChanged(state, owner.clientId);
      return HttpResponse.json(publicFollowUp(state, open, at));
    }),
  ];
}
