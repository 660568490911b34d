import {
  addDays,
  foldSearchText,
  latestFollowUpDate,
  localDateOf,
  messages,
  notesLimits,
} from '@coach/domain';
import { describe, expect, it } from 'vitest';
import { mockCoachApi } from '../../test/mockCoachApi.ts';
import { mswFetch } from '../../test/mswFetch.ts';
import { rejection } from '../../test/rejection.ts';
import type { LiveEvent } from '../contract/liveEvents.ts';
import { readLiveEvents, ServerSentEventReader } from '../contract/serverSentEvents.ts';
import type { Tokens } from '../contract/sessionTokens.ts';
import { mockClientIds } from './fixtures/clientTable.ts';
import { mockNow } from './fixtures/mockClock.ts';
import { fixtureFollowUps, fixtureNotes } from './fixtures/noteFixtures.ts';
import { coachPerson, fixtureIds, fixtureTokens } from './fixtures.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { createLiveEventsMock } from './liveEventHandlers.ts';
import { clientWrites } from './messagingHandlers.ts';
import { seedFollowUp, seedNotes } from './notesHandlers.ts';
import { createMockState } from './state.ts';

const { jamie, maria, noah, aiko, kai } = mockClientIds;

/** A UUID of the test's own (what the app generates for a note). */
const uuid = (n: number) => `abcd0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const dayMs = 24 * 60 * 60 * 1000;

/** The demo coach's today at the mocks' now (London). */
const today = localDateOf(mockNow, coachPerson.timezone);

/**
 * The real client over every handler on one state, with a clock the test moves; signed in as the
 * coach by default.
 */
function notesApi(options: HandlersOptions = {}, tokens: Tokens = fixtureTokens.coach) {
  const state = options.state ?? createMockState();
  const clock = { now: mockNow };
  const handlers = createHandlers({ now: () => clock.now, ...options, state });
  const all = mockCoachApi(handlers, tokens);
  return { api: all.notes, all, state, clock, handlers };
}

/** A raw call through the handlers, for the status the typed client does not tell. */
function rawCall(handlers: ReturnType<typeof createHandlers>, method: string, path: string) {
  return (body: unknown) =>
    mswFetch(handlers)(`http://localhost:6006/api/notes${path}`, {
      method,
      headers: {
        authorization: `Bearer ${fixtureTokens.coach.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
}

/** A refusal as the tests compare it. */
async function refusal(promise: Promise<unknown>) {
  const error = await rejection(promise);
  return { status: error.status, code: error.code, message: error.message };
}

describe('notes mocks', () => {
  it("lists the demo coach's notes newest first and Jamie's follow-up due today", async () => {
    const { api } = notesApi();
    const jamies = await api.listNotes(jamie);
    expect(jamies.items.map((note) => note.text)).toEqual(
      [...(fixtureNotes[jamie] ?? [])].reverse().map((seed) => seed.text),
    );
    expect(jamies.nextCursor).toBeNull();
    const [newest, edited] = jamies.items;
    expect(newest).toMatchObject({ clientId: jamie, editedAt: null });
    expect(edited?.editedAt).not.toBeNull();
    expect(Date.parse(newest?.editableUntil ?? '')).toBeGreaterThan(mockNow.getTime());
    expect((await api.listNotes(maria)).items).toHaveLength(1);
    expect((await api.listNotes(noah)).items).toEqual([]);
    expect((await api.getFollowUp(jamie)).open).toMatchObject({
      clientId: jamie,
      dueDate: today,
      reason: fixtureFollowUps[jamie]?.reason,
      isDue: true,
      endedAt: null,
      ending: null,
    });
    expect(await api.getFollowUp(maria)).toEqual({ open: null });
    const none = notesApi({ emptyLists: true }).api;
    expect(await none.listNotes(jamie)).toEqual({ items: [], nextCursor: null });
    expect(await none.getFollowUp(jamie)).toEqual({ open: null });
  });

  it('stores a note under its id with its 24 hours to edit; the next one is listed first', async () => {
    const { api, handlers } = notesApi();
    const write = rawCall(handlers, 'POST', `/clients/${noah}/notes`);
    const first = await write({ id: uuid(1).toUpperCase(), text: 'Prefers mornings' });
    expect(first.status).toBe(201);
    const note = await first.json();
    expect(note).toMatchObject({
      id: uuid(1),
      clientId: noah,
      text: 'Prefers mornings',
      editedAt: null,
    });
    expect(Date.parse(note.editableUntil) - Date.parse(note.writtenAt)).toBe(
      notesLimits.editWindowSeconds * 1000,
    );
    expect((await rejection(api.writeNote(noah, { id: uuid(2), text: ' \n ' }))).status).toBe(400);
    const tooLong = 'x'.repeat(notesLimits.noteMaxLength + 1);
    expect((await rejection(api.writeNote(noah, { id: uuid(2), text: tooLong }))).status).toBe(400);
    const second = await api.writeNote(noah, { id: uuid(2), text: 'Walks at lunch' });
    // The clock stands still: the newest is a millisecond later, and listed first.
    expect(Date.parse(second.writtenAt)).toBe(Date.parse(note.writtenAt) + 1);
    expect((await api.listNotes(noah)).items.map((item) => item.id)).toEqual([uuid(2), uuid(1)]);
  });

  it('pages newest first with the domain cursor, to the oldest note', async () => {
    const { api, state } = notesApi();
    const seeds = Array.from({ length: 120 }, (_, index) => ({
      text: `Note ${index}`,
      minutesAgo: 120 - index,
    }));
    seedNotes(state, noah, seeds);
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.listNotes(noah, cursor ? { before: cursor } : {});
      sizes.push(page.items.length);
      seen.push(...page.items.map((note) => note.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(seeds.map((seed) => seed.text).reverse());
    expect((await api.listNotes(noah, { limit: 7 })).items).toHaveLength(7);
    expect((await rejection(api.listNotes(noah, { limit: 51 }))).status).toBe(400);
    expect(await refusal(api.listNotes(noah, { before: 'garbage' }))).toEqual({
      status: 400,
      code: 'invalid_request',
      message: messages.invalidCursor,
    });
  });

  it('finds the notes holding a text, case and accents aside, wildcards as text', async () => {
    const { api, state } = notesApi();
    const texts = [
      'Crème brûlée at the café',
      'CAFE meeting moved',
      // Decomposed: e and a combining acute accent.
      'Cafe\u0301 again',
      'Ñandú feathers',
      'Øresund trip',
      'Łódź and Đakovo',
      '100% effort',
      'snake_case naming',
      'snakeXcase',
      'back\\slash',
    ];
    seedNotes(
      state,
      noah,
      texts.map((text, index) => ({ text, minutesAgo: texts.length - index })),
    );
    const found = async (search: string) =>
      (await api.listNotes(noah, { search })).items.map((note) => note.text);
    const newestFirst = (...chosen: string[]) =>
      texts.filter((text) => chosen.includes(text)).reverse();
    const cafes = newestFirst('Crème brûlée at the café', 'CAFE meeting moved', 'Cafe\u0301 again');
    expect(await found('cafe')).toEqual(cafes);
    expect(await found('CAFÉ')).toEqual(cafes);
    expect(await found('  café ')).toEqual(cafes);
    expect(await found('BRULEE')).toEqual(['Crème brûlée at the café']);
    expect(await found('ñANDU')).toEqual(['Ñandú feathers']);
    expect(await found('oresund')).toEqual(['Øresund trip']);
    expect(await found('lodz and dakovo')).toEqual(['Łódź and Đakovo']);
    expect(await found('%')).toEqual(['100% effort']);
    expect(await found('_')).toEqual(['snake_case naming']);
    expect(await found('\\')).toEqual(['back\\slash']);
    expect(await found('nothing like it')).toEqual([]);
    expect(await found('   ')).toEqual([...texts].reverse());
    const first = await api.listNotes(noah, { search: 'cafe', limit: 2 });
    expect(first.items.map((note) => note.text)).toEqual(cafes.slice(0, 2));
    const rest = await api.listNotes(noah, {
      search: 'cafe',
      limit: 2,
      before: first.nextCursor ?? '',
    });
    expect(rest).toMatchObject({ items: [{ text: cafes[2] }], nextCursor: null });
    expect(await found('x'.repeat(notesLimits.searchMaxLength))).toEqual([]);
    const long = 'x'.repeat(notesLimits.searchMaxLength + 1);
    expect((await rejection(api.listNotes(noah, { search: long }))).status).toBe(400);
    expect(foldSearchText('ĦŦħŧ Ça VA')).toBe('htht ca va');
  });

  it("edits by the mocks clock and deletes with 204, the coach's own notes only", async () => {
    const { api, clock } = notesApi();
    const note = await api.writeNote(noah, { id: uuid(3), text: 'Sleeps badly' });
    clock.now = new Date(mockNow.getTime() + 60_000);
    const edited = await api.editNote(noah, note.id, { text: 'Sleeps badly before reviews' });
    expect(edited).toMatchObject({
      id: note.id,
      text: 'Sleeps badly before reviews',
      writtenAt: note.writtenAt,
      editedAt: clock.now.toISOString(),
    });
    clock.now = new Date(mockNow.getTime() + 120_000);
    expect(await api.editNote(noah, note.id, { text: 'Sleeps badly before reviews' })).toEqual(
      edited,
    );
    expect((await rejection(api.editNote(noah, note.id, { text: ' ' }))).status).toBe(400);
    const notFound = { status: 404, code: 'not_found', message: messages.noteNotFound };
    expect(await refusal(api.editNote(noah, uuid(99), { text: 'Hello' }))).toEqual(notFound);
    expect(await refusal(api.editNote(maria, note.id, { text: 'Hello' }))).toEqual(notFound);
    await api.deleteNote(noah, note.id);
    expect((await api.listNotes(noah)).items).toEqual([]);
    expect(await refusal(api.deleteNote(noah, note.id))).toEqual(notFound);
  });

  it("answers 'Client not found' to a client, for a client of no one's, and once the client moved", async () => {
    const { api, state } = notesApi();
    const clientFound = { status: 404, code: 'not_found', message: messages.clientNotFound };
    const asClient = notesApi({ state }, fixtureTokens.client).api;
    const note = await api.writeNote(jamie, { id: uuid(4), text: 'Kept with the coach' });
    for (const [who, clientId] of [
      [asClient, jamie],
      [asClient, maria],
      [api, uuid(5)],
      [api, fixtureIds.coachPerson],
    ] as const) {
      for (const call of [
        () => who.listNotes(clientId),
        () => who.writeNote(clientId, { id: uuid(6), text: 'Hello' }),
        () => who.editNote(clientId, note.id, { text: 'Changed' }),
        () => who.deleteNote(clientId, note.id),
        () => who.getFollowUp(clientId),
        () => who.setFollowUp(clientId, { dueDate: today, reason: 'Hello' }),
        () => who.endFollowUp(clientId, { ending: 'done' }),
      ]) {
        expect(await refusal(call())).toEqual(clientFound);
      }
    }
    // The notes stay with the coach who wrote them: a client who moved takes none along.
    const record = state.clients.find((client) => client.person.id === jamie);
    if (!record) throw new Error('no Jamie');
    record.person.coachId = uuid(7);
    expect(await refusal(api.listNotes(jamie))).toEqual(clientFound);
    record.person.coachId = fixtureIds.coachPerson;
    expect((await api.listNotes(jamie)).items[0]).toEqual(note);
    const unsigned = mockCoachApi(createHandlers({ state })).notes;
    expect((await rejection(unsigned.listNotes(jamie))).status).toBe(401);
  });
});

describe('follow-up mocks', () => {
  it('are set, moved and ended, one open at a time; ending none is 404', async () => {
    const { api, clock } = notesApi();
    expect(await api.getFollowUp(noah)).toEqual({ open: null });
    const set = await api.setFollowUp(noah, { dueDate: today, reason: 'Ask about the review' });
    expect(set).toMatchObject({
      clientId: noah,
      dueDate: today,
      reason: 'Ask about the review',
      isDue: true,
      createdAt: mockNow.toISOString(),
      endedAt: null,
      ending: null,
    });
    clock.now = new Date(mockNow.getTime() + 60_000);
    expect(await api.setFollowUp(noah, { dueDate: today, reason: 'Ask about the review' })).toEqual(
      set,
    );
    const later = addDays(today, 3);
    const moved = await api.setFollowUp(noah, { dueDate: later, reason: 'After the review' });
    expect(moved).toEqual({ ...set, dueDate: later, reason: 'After the review', isDue: false });
    expect(await api.getFollowUp(noah)).toEqual({ open: moved });
    const done = await api.endFollowUp(noah, { ending: 'done' });
    expect(done).toEqual({ ...moved, endedAt: clock.now.toISOString(), ending: 'done' });
    expect(await api.getFollowUp(noah)).toEqual({ open: null });
    expect(await refusal(api.endFollowUp(noah, { ending: 'dropped' }))).toEqual({
      status: 404,
      code: 'not_found',
      message: messages.noOpenFollowUp,
    });
    expect((await rejection(api.endFollowUp(noah, { ending: 'acted' as 'done' }))).status).toBe(
      400,
    );
    const next = await api.setFollowUp(noah, { dueDate: addDays(today, 1), reason: 'Again' });
    expect(next.id).not.toBe(set.id);
    expect(await api.endFollowUp(noah, { ending: 'dropped' })).toMatchObject({
      id: next.id,
      ending: 'dropped',
    });
  });

  it("refuses a date that is no date, before the coach's today or over two years ahead, naming dueDate", async () => {
    const { api } = notesApi();
    const latest = latestFollowUpDate(today);
    const refusals = [
      ['0000-01-01', 'validation_failed', 'dueDate must be between 1900-01-01 and 2199-12-31'],
      ['2026-02-30', 'validation_failed', 'dueDate must be a date (YYYY-MM-DD)'],
      [addDays(today, -1), 'invalid_request', `dueDate must not be before today (${today})`],
      [
        addDays(latest, 1),
        'invalid_request',
        `dueDate must not be after ${latest} (two years ahead)`,
      ],
    ] as const;
    for (const [dueDate, code, message] of refusals) {
      expect(
        await refusal(api.setFollowUp(noah, { dueDate, reason: 'Check in' })),
        dueDate,
      ).toEqual({ status: 400, code, message });
    }
    expect(await api.getFollowUp(noah)).toEqual({ open: null });
    expect((await api.setFollowUp(noah, { dueDate: latest, reason: 'Far' })).dueDate).toBe(latest);
    expect((await rejection(api.setFollowUp(noah, { dueDate: today, reason: ' ' }))).status).toBe(
      400,
    );
  });

  it("is dated and due in the coach's time zone", async () => {
    const { api, state } = notesApi();
    const coach = state.persons.find((person) => person.id === fixtureIds.coachPerson);
    if (!coach) throw new Error('no coach');
    const east = 'Pacific/Kiritimati';
    const west = 'Pacific/Pago_Pago';
    const eastToday = localDateOf(mockNow, east);
    const westToday = localDateOf(mockNow, west);
    expect(eastToday > westToday).toBe(true);
    coach.timezone = east;
    expect(
      (await rejection(api.setFollowUp(noah, { dueDate: westToday, reason: 'W' }))).status,
    ).toBe(400);
    expect(await api.setFollowUp(noah, { dueDate: eastToday, reason: 'E' })).toMatchObject({
      isDue: true,
    });
    coach.timezone = west;
    expect((await api.getFollowUp(noah)).open).toMatchObject({ dueDate: eastToday, isDue: false });
  });

  it('is seeded for a story, overdue or not, and cleared', async () => {
    const { api, state } = notesApi();
    seedFollowUp(state, maria, {
      dueDate: addDays(today, -2),
      reason: 'Overdue',
      minutesAgo: 3 * 24 * 60,
    });
    expect((await api.getFollowUp(maria)).open).toMatchObject({
      dueDate: addDays(today, -2),
      isDue: true,
      createdAt: new Date(mockNow.getTime() - 3 * dayMs).toISOString(),
    });
    seedFollowUp(state, maria, null);
    expect(await api.getFollowUp(maria)).toEqual({ open: null });
    seedNotes(state, jamie, []);
    expect((await api.listNotes(jamie)).items).toEqual([]);
  });
});

describe("the coach's actions on a client", () => {
  const sensePlan = {
    nextPhase: 'sense' as const,
    goals: ['breathing' as const],
    bpm: 6 as const,
    goalChoices: ['calm' as const],
  };
  const reportNotes = {
    mentalWellbeing: 'Calmer',
    physicalWellbeing: 'Walks',
    productivity: 'Focused',
    finalComments: 'Keep going',
  };

  it('end the open follow-up as acted: a note, a message, a phase change, a report', async () => {
    const acts = {
      note: (all: ReturnType<typeof notesApi>['all'], clientId: string) =>
        all.notes.writeNote(clientId, { id: uuid(10), text: 'Seemed tired' }),
      message: (all: ReturnType<typeof notesApi>['all'], clientId: string) =>
        all.messaging.sendMessage(clientId, { id: uuid(11), text: 'How are you?' }),
      phaseChange: (all: ReturnType<typeof notesApi>['all'], clientId: string) =>
        all.journey.startNextPhase(clientId, sensePlan),
      report: (all: ReturnType<typeof notesApi>['all'], clientId: string) =>
        all.resource.createClientReport(clientId, reportNotes),
    };
    for (const [kind, act] of Object.entries(acts)) {
      const { all, clock } = notesApi();
      const set = await all.notes.setFollowUp(maria, { dueDate: today, reason: kind });
      clock.now = new Date(mockNow.getTime() + 60_000);
      await act(all, maria);
      expect(await all.notes.getFollowUp(maria), kind).toEqual({ open: null });
      // Ended, not dropped: the next one set is a new follow-up.
      const next = await all.notes.setFollowUp(maria, { dueDate: today, reason: kind });
      expect(next.id, kind).not.toBe(set.id);
    }
  });

  it('leave it open when the follow-up is moved or when the client writes', async () => {
    const { api, state } = notesApi();
    await api.setFollowUp(kai, { dueDate: today, reason: 'Check in' });
    await api.setFollowUp(kai, { dueDate: addDays(today, 2), reason: 'Check in' });
    clientWrites(state, kai, 'Hello coach');
    const asClient = notesApi({ state }, fixtureTokens.client).all;
    await asClient.messaging.sendMessage(jamie, { id: uuid(13), text: 'Hello from Jamie' });
    expect((await api.getFollowUp(kai)).open).toMatchObject({ dueDate: addDays(today, 2) });
    // Jamie's demo follow-up too: only their coach's actions end it.
    expect((await api.getFollowUp(jamie)).open).not.toBeNull();
  });
});

describe('the live event', () => {
  it('tells the coach that a follow-up changed: set, ended by a note, ended', async () => {
    const state = createMockState();
    const live = createLiveEventsMock({ state });
    const { api } = notesApi({ state, liveEvents: live });
    const abort = new AbortController();
    const body = await mockCoachApi(
      createHandlers({ state, liveEvents: live }),
      fixtureTokens.coach,
    ).analytics.openLiveEvents({ signal: abort.signal });
    const events = readLiveEvents(body, new ServerSentEventReader())[Symbol.asyncIterator]();
    const next = async () => (await events.next()).value as LiveEvent;
    const changed = { event: 'clients-changed', data: { clientIds: [noah] } };
    await api.setFollowUp(noah, { dueDate: today, reason: 'Check in' });
    expect(await next()).toMatchObject(changed);
    // A note without a follow-up to end tells nothing.
    await api.writeNote(aiko, { id: uuid(30), text: 'Nothing to end' });
    await api.writeNote(noah, { id: uuid(31), text: 'Ends it' });
    expect(await next()).toMatchObject(changed);
    await api.setFollowUp(noah, { dueDate: today, reason: 'Again' });
    expect(await next()).toMatchObject(changed);
    await api.endFollowUp(noah, { ending: 'dropped' });
    expect(await next()).toMatchObject(changed);
    expect(live.push({ event: 'refetch', data: { reason: 'resume' } })).toMatch(/^mock\./);
    expect(await next()).toMatchObject({ event: 'refetch' });
    abort.abort();
  });
});
