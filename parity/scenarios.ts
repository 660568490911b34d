import type {
  AttentionEpisodeAnswer,
  CalendarEvent,
  ClientProfileSummary,
  ClientSummary,
  ClientSummaryList,
  Journey,
  Reflection,
  Tokens,
} from '@coach/api';
import { mockNow } from '@coach/api/msw';
import {
  addDays,
  attentionOf,
  latestFollowUpDate,
  localDateOf,
  phaseCompletion,
  recordedPhaseIndicators,
  stepCompletionFigures,
  wholeStepScheduled,
} from '@coach/domain';
import type { Answer, CallOptions, ParityDriver } from './driver.ts';
import { idNames, observe } from './observe.ts';

// The contract-level scenarios: each drives one backend through the contract's calls and returns
// what it saw, with ids named (see observe.ts). The suite runs each on the mocks and on the
// server and wants the same observation; figures that follow from a client's own history (which
// only the mocks hold in full) are checked on each side against the domain's rules instead.

/** A backend under a scenario: its calls, signed in as whom the scenario names. */
export type ScenarioContext = {
  driver: ParityDriver;
  /** One call as `who` (a person of the driver's people, by name, or null: no token). */
  as(
    who: string | null,
    route: Parameters<ParityDriver['call']>[0],
    options?: CallOptions,
  ): Promise<Answer>;
  /** An answer as the scenario keeps it: status and body, ids named. */
  seen(answer: Answer): { status: number; body: unknown };
  /** A value with ids named. */
  named(value: unknown): unknown;
};

/** A scenario: what it is called and what it observes of a backend. */
export type Scenario = { name: string; run(context: ScenarioContext): Promise<unknown> };

/**
 * A refusal's body with a validation message in lower case: the words after the field are the
 * validator's, Ajv's on the server ('must NOT have fewer...') and TypeBox's in the mocks ('must not
 * have fewer...'), which differ in case only.
 */
function wordsOf(body: unknown): unknown {
  const refusal = body as { error?: unknown; message?: unknown } | null;
  if (refusal?.error !== 'validation_failed' || typeof refusal.message !== 'string') return body;
  return { ...refusal, message: refusal.message.toLowerCase() };
}

/** The context of a driver: sign-ins are made once per person and kept. */
export function scenarioContext(driver: ParityDriver): ScenarioContext {
  const names = idNames(driver.people);
  const tokens = new Map<string, string>();
  const personOf = (who: string) => {
    const person = who === 'coach' ? driver.people.coach : driver.people.clients[who];
    if (!person) throw new Error(`no person ${who}`);
    return person;
  };
  const tokenOf = async (who: string) => {
    const known = tokens.get(who);
    if (known) return known;
    const { email, password } = personOf(who);
    const answer = await driver.call('login', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`${driver.side}: ${who} cannot sign in`);
    const token = (answer.body as Tokens).accessToken;
    tokens.set(who, token);
    return token;
  };
  return {
    driver,
    async as(who, route, options = {}) {
      return driver.call(route, { ...options, ...(who ? { token: await tokenOf(who) } : {}) });
    },
    seen: (answer) => ({ status: answer.status, body: observe(wordsOf(answer.body), names) }),
    named: (value) => observe(value, names),
  };
}

const clientParams = (context: ScenarioContext, who: string) => {
  const client = context.driver.people.clients[who];
  if (!client) throw new Error(`no client ${who}`);
  return { clientId: client.personId };
};

/** What a client's summary says that does not come from their recorded history. */
function identityOf(summary: ClientSummary) {
  const {
    engagement: _e,
    indicators: _i,
    exercises: _x,
    reflections: _r,
    assessments: _a,
    ...rest
  } = summary;
  return rest;
}

/**
 * Checks a summary's figures against the domain's rules over the client's own records on this
 * backend (calendar, reflections, journey), and answers what was found wrong (empty: all hold).
 */
async function figureProblems(
  context: ScenarioContext,
  summary: ClientSummary | ClientProfileSummary,
): Promise<string[]> {
  const params = { clientId: summary.clientId };
  const today = localDateOf(mockNow, summary.timezone);
  const range = { from: summary.journey.journeyStartDate, to: today };
  const [journey, calendar, reflections] = await Promise.all([
    context.as('coach', 'getJourney', { params }),
    context.as('coach', 'getCalendar', { params, query: range }),
    context.as('coach', 'listReflections', { params, query: range }),
  ]);
  const steps = (journey.body as Journey).steps.flatMap((entry) =>
    entry.startDate === null ? [] : [{ step: entry.step, startDate: entry.startDate }],
  );
  const figures = stepCompletionFigures({
    events: (calendar.body as { events: CalendarEvent[] }).events,
    timeZone: summary.timezone,
    step: summary.journey.step,
    stepStartDate: summary.journey.startDate,
    today,
    now: mockNow,
  });
  const indicators = recordedPhaseIndicators(
    (reflections.body as { reflections: Reflection[] }).reflections,
    steps,
    summary.journey.step,
    today,
  );
  const problems: string[] = [];
  const expectSame = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(
        `${context.driver.side} ${summary.firstName} ${what}: answered ${JSON.stringify(actual)}, ` +
          `the rules give ${JSON.stringify(expected)}`,
      );
    }
  };
  expectSame('exercises', summary.exercises, figures.exercises);
  expectSame('reflections', summary.reflections, figures.reflections);
  expectSame('assessments', summary.assessments, figures.assessments);
  expectSame('indicators', summary.indicators, indicators);
  if ('phase' in summary) {
    const whole = wholeStepScheduled({
      timeZone: summary.timezone,
      step: summary.journey.step,
      stepStartDate: summary.journey.startDate,
      now: mockNow,
    });
    expectSame(
      'phase',
      summary.phase,
      phaseCompletion([figures.exercises, figures.reflections, figures.assessments], whole),
    );
  }
  return problems;
}

/**
 * A session's life: refreshed, signed out, its token refused. (A rotated refresh token used again
 * is the server's alone: its grace for two tabs, which no story shows.)
 */
async function sessionLife(driver: ParityDriver, seen: ScenarioContext['seen']) {
  const { email, password } = driver.people.coach;
  const first = (await driver.call('login', { body: { email, password } })).body as Tokens;
  const refreshed = await driver.call('refresh', { body: { refreshToken: first.refreshToken } });
  const second = refreshed.body as Tokens;
  const loggedOut = await driver.call('logout', {
    token: second.accessToken,
    body: { refreshToken: second.refreshToken },
  });
  return {
    refreshed: seen(refreshed),
    loggedOut: seen(loggedOut),
    afterLogout: seen(await driver.call('currentSession', { token: second.accessToken })),
    refreshAfterLogout: seen(
      await driver.call('refresh', { body: { refreshToken: second.refreshToken } }),
    ),
  };
}

const signIn: Scenario = {
  name: 'sign in',
  async run({ driver, as, seen }) {
    const { coach, clients } = driver.people;
    const login = (email: string, password: string) =>
      driver.call('login', { body: { email, password } });
    return {
      coach: seen(await login(coach.email, coach.password)),
      wrongPassword: seen(await login(coach.email, `${coach.password}x`)),
      unknownEmail: seen(await login('nobody@example.com', coach.password)),
      upperCaseEmail: seen(await login(coach.email.toUpperCase(), coach.password)),
      client: seen(await login(clients.noah?.email ?? '', clients.noah?.password ?? '')),
      session: seen(await as('coach', 'currentSession')),
      sessionWithoutToken: seen(await as(null, 'currentSession')),
      badToken: seen(await driver.call('currentSession', { token: 'not-a-token' })),
      ...(await sessionLife(driver, seen)),
    };
  },
};

const clientsList: Scenario = {
  name: 'clients list',
  async run(context) {
    const { as, seen, named } = context;
    const answer = await as('coach', 'listClientSummaries');
    const { clients, generatedAt } = answer.body as {
      clients: ClientSummary[];
      generatedAt: string;
    };
    // One client at a time: the server admits a few calls per address at once.
    const problems: string[] = [];
    for (const summary of clients) problems.push(...(await figureProblems(context, summary)));
    return {
      status: answer.status,
      generatedAt,
      clients: clients.map((summary) => named(identityOf(summary))),
      figureProblems: problems,
      asClient: seen(await as('noah', 'listClientSummaries')),
      withoutToken: seen(await as(null, 'listClientSummaries')),
    };
  },
};

const profile: Scenario = {
  name: "a client's profile",
  async run(context) {
    const { as, seen, named, driver } = context;
    const observed: Record<string, unknown> = {};
    const problems: string[] = [];
    for (const who of Object.keys(driver.people.clients)) {
      const params = clientParams(context, who);
      const summary = await as('coach', 'getClientProfileSummary', { params });
      const body = summary.body as ClientProfileSummary;
      problems.push(...(await figureProblems(context, body)));
      const { phase: _phase, ...rest } = body;
      observed[who] = {
        status: summary.status,
        summary: named(identityOf(rest)),
        journey: seen(await as('coach', 'getJourney', { params })),
        person: seen(await as('coach', 'getPerson', { params: { id: params.clientId } })),
      };
    }
    const jamie = clientParams(context, 'client');
    return {
      clients: observed,
      figureProblems: problems,
      // Another client's profile, a client's own journey, and no token.
      otherClient: seen(await as('noah', 'getClientProfileSummary', { params: jamie })),
      ownJourney: seen(await as('noah', 'getJourney', { params: clientParams(context, 'noah') })),
      othersJourney: seen(await as('noah', 'getJourney', { params: jamie })),
      coachOfClient: seen(
        await as('noah', 'getPerson', { params: { id: driver.people.coach.personId } }),
      ),
      withoutToken: seen(await as(null, 'getClientProfileSummary', { params: jamie })),
    };
  },
};

const sensePlan = { goals: ['breathing'], bpm: 6, goalChoices: ['calm'] };

const phaseChange: Scenario = {
  name: 'phase change',
  async run(context) {
    const { as, seen } = context;
    const noah = clientParams(context, 'noah');
    const change = (who: string, params: { clientId: string }, body: unknown) =>
      as(who, 'startNextPhase', { params, body });
    const today = localDateOf(mockNow, 'America/Los_Angeles');
    return {
      byTheClient: seen(await change('noah', noah, { nextPhase: 'sense', ...sensePlan })),
      skippingAStep: seen(await change('coach', noah, { nextPhase: 'grow', ...sensePlan })),
      noGoals: seen(await change('coach', noah, { ...sensePlan, nextPhase: 'sense', goals: [] })),
      lastStep: seen(
        await change('coach', clientParams(context, 'aiko'), { nextPhase: 'grow', ...sensePlan }),
      ),
      changed: seen(await change('coach', noah, { nextPhase: 'sense', ...sensePlan })),
      again: seen(await change('coach', noah, { nextPhase: 'sense', ...sensePlan })),
      journey: seen(await as('coach', 'getJourney', { params: noah })),
      // Noah has no history on either side: the whole header must agree.
      profile: seen(await as('coach', 'getClientProfileSummary', { params: noah })),
      calendar: seen(
        await as('coach', 'getCalendar', {
          params: noah,
          // Past the week ahead the calendar holds.
          query: { from: addDays(today, 6), to: addDays(today, 9) },
        }),
      ),
    };
  },
};

const inviteAndAccept: Scenario = {
  name: 'invite and accept',
  async run(context) {
    const { as, seen, driver, named } = context;
    const email = 'parity.invitee@example.com';
    const invite = (who: string, address: string) =>
      as(who, 'createInvite', { body: { email: address } });
    const created = await invite('coach', email);
    const token = await driver.inviteToken(email);
    const check = (value: string) => driver.call('checkInvite', { body: { token: value } });
    const accept = {
      token,
      password: 'Invitee123!',
      firstName: 'Robin',
      lastName: 'Parity',
      timezone: 'Europe/Paris',
    };
    const listed = await as('coach', 'listInvites');
    const items = (listed.body as { items: { email: string }[] }).items;
    const observed = {
      created: seen(created),
      byAClient: seen(await invite('noah', 'someone@example.com')),
      existingAccount: seen(await invite('coach', driver.people.clients.noah?.email ?? '')),
      listed: { status: listed.status, invite: named(items.find((item) => item.email === email)) },
      checked: seen(await check(token)),
      unknownToken: seen(await check('no-such-token')),
      unknownTimezone: seen(
        await driver.call('acceptInvite', {
          body: { ...accept, token: 'no-such-token', timezone: 'Mars/Olympus' },
        }),
      ),
      accepted: seen(await driver.call('acceptInvite', { body: accept })),
      acceptedAgain: seen(await driver.call('acceptInvite', { body: accept })),
      checkedAfter: seen(await check(token)),
      signIn: seen(await driver.call('login', { body: { email, password: accept.password } })),
    };
    const list = await as('coach', 'listClientSummaries');
    const summaries = (list.body as { clients: ClientSummary[] }).clients;
    const accepted = summaries.find((item) => item.email === email);
    // A second invite, sent again and withdrawn: the old link dies with the resend.
    const second = 'parity.second@example.com';
    const secondInvite = await invite('coach', second);
    const secondId = (secondInvite.body as { id: string }).id;
    const firstToken = await driver.inviteToken(second);
    const resent = await as('coach', 'resendInvite', { params: { id: secondId } });
    const withdrawn = await as('coach', 'withdrawInvite', { params: { id: secondId } });
    return {
      ...observed,
      inClientsList: named(accepted),
      journey: seen(
        await as('coach', 'getJourney', { params: { clientId: accepted?.clientId ?? '' } }),
      ),
      resent: seen(resent),
      resentByAClient: seen(await as('noah', 'resendInvite', { params: { id: secondId } })),
      withdrawn: seen(withdrawn),
      withdrawnAgain: seen(await as('coach', 'withdrawInvite', { params: { id: secondId } })),
      resentAfterWithdrawal: seen(await as('coach', 'resendInvite', { params: { id: secondId } })),
      checkedAfterWithdrawal: seen(await check(firstToken)),
      acceptedAfterWithdrawal: seen(
        await driver.call('acceptInvite', { body: { ...accept, token: firstToken } }),
      ),
    };
  },
};

const report: Scenario = {
  name: 'report',
  async run(context) {
    const { as, seen, named } = context;
    const aiko = clientParams(context, 'aiko');
    const notes = {
      mentalWellbeing: 'Calm',
      physicalWellbeing: 'Strong',
      productivity: 'Focused',
      finalComments: 'Keep going',
    };
    const create = (who: string, body: unknown) =>
      as(who, 'createClientReport', { params: aiko, body });
    const created = await create('coach', notes);
    // The PDF's size is the renderer's, and the server stamps the report with its wall clock.
    const { sizeBytes, createdAt, ...made } = created.body as {
      sizeBytes: number;
      createdAt: string;
      id: string;
    };
    const listed = await as('coach', 'listClientReports', { params: aiko });
    const items = (listed.body as { items: { id: string }[] }).items;
    const download = await as('coach', 'getClientReport', {
      params: { ...aiko, reportId: made.id },
    });
    return {
      created: {
        status: created.status,
        report: named(made),
        hasSize: sizeBytes > 0,
        hasCreatedAt: createdAt.length > 0,
      },
      byAClient: seen(await create('noah', notes)),
      onlyFrom: seen(await create('coach', { ...notes, from: '2026-11-01' })),
      reversed: seen(await create('coach', { ...notes, from: '2026-11-10', to: '2026-11-01' })),
      tooLong: seen(await create('coach', { ...notes, from: '2026-01-01', to: '2026-11-01' })),
      listed: { status: listed.status, hasReport: items.some((item) => item.id === made.id) },
      download: { status: download.status, contentType: download.contentType },
      unknownReport: seen(
        await as('coach', 'getClientReport', {
          params: { ...aiko, reportId: '7e5a0000-0000-4000-8000-00000000ffff' },
        }),
      ),
      ...(await reportPagesAndDeletion(context, made.id)),
    };
  },
};

/** The report list's cursors, and deleting the report `reportId` of Aiko's made by the coach. */
async function reportPagesAndDeletion(context: ScenarioContext, reportId: string) {
  const { as, seen } = context;
  const aiko = clientParams(context, 'aiko');
  const list = (query: Record<string, string | number> = {}) =>
    as('coach', 'listClientReports', { params: aiko, query });
  const hasReport = async () =>
    ((await list()).body as { items: { id: string }[] }).items.some((item) => item.id === reportId);
  const firstOfOne = (await list({ limit: 1 })).body as { items: unknown[] };
  const yearZero = btoa(JSON.stringify(['0000-01-01T00:00:00.000000Z', reportId]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  const remove = (who: string) => as(who, 'deleteClientReport', { params: { ...aiko, reportId } });
  return {
    pageOfOne: firstOfOne.items.length,
    garbageCursor: seen(await list({ before: 'garbage' })),
    yearZeroCursor: seen(await list({ before: yearZero })),
    deletedByAClient: seen(await remove('noah')),
    deleted: seen(await remove('coach')),
    deletedAgain: seen(await remove('coach')),
    listedAfterDeletion: await hasReport(),
  };
}

const coachSettings: Scenario = {
  name: 'coach settings (timezone, morning mail and language)',
  async run({ as, seen }) {
    const settings = { timezone: 'Asia/Tokyo', isMorningMailOn: false, morningMailHour: 6 };
    const put = (body: unknown) => as('coach', 'updateCoachSettings', { body });
    const observed = {
      stored: seen(await as('coach', 'getCoachSettings')),
      // The coach has a zone: the browser's is not taken.
      detected: seen(
        await as('coach', 'setDetectedTimezone', { body: { timezone: 'America/Denver' } }),
      ),
      saved: seen(await put(settings)),
      readBack: seen(await as('coach', 'getCoachSettings')),
      unknownZone: seen(await put({ ...settings, timezone: 'Mars/Olympus' })),
      offsetZone: seen(await put({ ...settings, timezone: '+01:00' })),
      lowerCaseZone: seen(await put({ ...settings, timezone: 'europe/berlin' })),
      language: seen(await put({ ...settings, language: 'es' })),
      // A change without a language keeps the one chosen.
      withoutLanguage: seen(await put(settings)),
      unknownLanguage: seen(await put({ ...settings, language: 'fr' })),
      asClient: seen(await as('noah', 'getCoachSettings')),
      clientDetecting: seen(
        await as('noah', 'setDetectedTimezone', { body: { timezone: 'Europe/Paris' } }),
      ),
      withoutToken: seen(await as(null, 'getCoachSettings')),
    };
    // Back as it was, for the scenarios after this one.
    await put({
      timezone: 'Europe/London',
      isMorningMailOn: true,
      morningMailHour: 7,
      language: 'en-US',
    });
    return observed;
  },
};

/** A message as both backends keep it: the clock's instants only as present or absent. */
function messageSeen(context: ScenarioContext, message: unknown) {
  const { sentAt, readAt, deletedAt, ...rest } = message as {
    sentAt: string;
    readAt: string | null;
    deletedAt: string | null;
  };
  return {
    ...(context.named(rest) as object),
    sent: sentAt.length > 0,
    read: readAt !== null,
    deleted: deletedAt !== null,
  };
}

/** An answer holding a message, or a refusal, as the scenario keeps it. */
function messageAnswer(context: ScenarioContext, answer: Answer) {
  const body = answer.body as { id?: unknown };
  return answer.status < 300 && typeof body?.id === 'string'
    ? { status: answer.status, message: messageSeen(context, body) }
    : context.seen(answer);
}

const messaging: Scenario = {
  name: 'messages between the coach and a client, quick replies',
  async run(context) {
    const { as, seen } = context;
    const lars = clientParams(context, 'lars');
    const [first, reply, other] = [
      '6d5a0000-0000-4000-8000-000000000001',
      '6d5a0000-0000-4000-8000-000000000002',
      '6d5a0000-0000-4000-8000-000000000003',
    ];
    const send = (who: string, id: string, text: string) =>
      as(who, 'sendMessage', { params: lars, body: { id, text } });
    const thread = async (who: string, query: Record<string, string | number> = {}) => {
      const answer = await as(who, 'listMessages', { params: lars, query });
      if (answer.status !== 200) return seen(answer);
      const page = answer.body as { items: unknown[]; nextCursor: string | null; unread: number };
      return {
        items: page.items.map((item) => messageSeen(context, item)),
        hasNext: page.nextCursor !== null,
        unread: page.unread,
      };
    };
    const larsUnread = async () => {
      const answer = await as('coach', 'listUnreadCounts');
      const counts = (answer.body as { clients: { clientId: string; unread: number }[] }).clients;
      return counts.find((entry) => entry.clientId === lars.clientId)?.unread ?? 0;
    };
    // The count the clients list carries in Lars's row.
    const larsListed = async () => {
      const answer = await as('coach', 'listClientSummaries');
      const rows = (answer.body as { clients: { clientId: string; unreadMessages: number }[] })
        .clients;
      return rows.find((row) => row.clientId === lars.clientId)?.unreadMessages;
    };
    const emptyThread = await thread('coach');
    const sent = messageAnswer(context, await send('coach', first, 'Hi Lars,\nhow was your week?'));
    const blank = seen(await send('coach', other, ' \n '));
    const seenByLars = await thread('lars');
    const answered = messageAnswer(context, await send('lars', reply, 'Good, thanks!'));
    const unreadBefore = await larsUnread();
    const listedBefore = await larsListed();
    const marked = seen(
      await as('coach', 'markMessagesRead', { params: lars, body: { upTo: reply } }),
    );
    const unknownMark = seen(
      await as('coach', 'markMessagesRead', { params: lars, body: { upTo: other } }),
    );
    const remove = (who: string, messageId: string) =>
      as(who, 'deleteMessage', { params: { ...lars, messageId } });
    const quickReplies = {
      items: [
        { id: '6d5a0000-0000-4000-8000-0000000000a1', text: 'Hi {firstName}, how are you?' },
        { id: '6d5a0000-0000-4000-8000-0000000000a2', text: 'See you on Friday.' },
      ],
    };
    return {
      emptyThread,
      sent,
      blank,
      seenByLars,
      answered,
      unreadBefore,
      listedBefore,
      marked,
      unknownMark,
      unreadAfter: await larsUnread(),
      listedAfter: await larsListed(),
      onePage: await thread('coach', { limit: 1 }),
      garbageCursor: seen(
        await as('coach', 'listMessages', { params: lars, query: { before: 'garbage' } }),
      ),
      deletedByTheClient: messageAnswer(context, await remove('lars', first)),
      theClientsMessage: messageAnswer(context, await remove('coach', reply)),
      deleted: messageAnswer(context, await remove('coach', first)),
      afterDeletion: await thread('lars'),
      anotherClientsThread: seen(await as('noah', 'listMessages', { params: lars })),
      unreadAsAClient: seen(await as('lars', 'listUnreadCounts')),
      quickRepliesSaved: seen(await as('coach', 'updateQuickReplies', { body: quickReplies })),
      quickRepliesRead: seen(await as('coach', 'getQuickReplies')),
      quickRepliesAsAClient: seen(await as('lars', 'getQuickReplies')),
    };
  },
};

/** A note as both backends keep it: its instants as present, and its edit window in hours. */
function noteSeen(context: ScenarioContext, note: unknown) {
  const { writtenAt, editedAt, editableUntil, ...rest } = note as {
    writtenAt: string;
    editedAt: string | null;
    editableUntil: string;
  };
  return {
    ...(context.named(rest) as object),
    written: writtenAt.length > 0,
    edited: editedAt !== null,
    editableHours: (Date.parse(editableUntil) - Date.parse(writtenAt)) / 3_600_000,
  };
}

/** A follow-up as both backends keep it: its instants as present, its id as the one named. */
function followUpSeen(context: ScenarioContext, followUp: unknown, ids: string[]) {
  const { id, createdAt, endedAt, ...rest } = followUp as {
    id: string;
    createdAt: string;
    endedAt: string | null;
  };
  // Named in the order first seen ('follow-up 1'...): a move keeps the name, a new one does not.
  if (!ids.includes(id)) ids.push(id);
  return {
    ...(context.named(rest) as object),
    id: `follow-up ${ids.indexOf(id) + 1}`,
    created: createdAt.length > 0,
    ended: endedAt !== null,
  };
}

const notesAndFollowUps: Scenario = {
  name: "a coach's notes and follow-ups",
  async run(context) {
    const { as, seen, driver } = context;
    const priya = clientParams(context, 'priya');
    const tomas = clientParams(context, 'tomas');
    // Ids in the order of writing: on the server's clock, which stands still, the id orders the
    // notes of one instant, and the mocks keep the order of writing.
    const noteId = (n: number) => `6e0e0000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const write = (id: string, text: string, who = 'coach', params = priya) =>
      as(who, 'writeNote', { params, body: { id, text } });
    const noteAnswer = (answer: Answer) =>
      answer.status < 300 && answer.body !== null
        ? { status: answer.status, note: noteSeen(context, answer.body) }
        : seen(answer);
    const list = async (query: Record<string, string | number> = {}) => {
      const answer = await as('coach', 'listNotes', { params: priya, query });
      if (answer.status !== 200) return seen(answer);
      const page = answer.body as { items: { text: string }[]; nextCursor: string | null };
      return { texts: page.items.map((note) => note.text), next: page.nextCursor };
    };
    const texts = async (query: Record<string, string | number> = {}) => {
      const page = await list(query);
      return 'texts' in page ? { texts: page.texts, hasNext: page.next !== null } : page;
    };
    const edit = (id: string, text: string, params = priya) =>
      as('coach', 'editNote', { params: { ...params, noteId: id }, body: { text } });
    const remove = (id: string, who = 'coach') =>
      as(who, 'deleteNote', { params: { ...priya, noteId: id } });

    const notes = {
      empty: await texts(),
      written: noteAnswer(await write(noteId(1), 'Prefers morning sessions.\nNo calls Fridays.')),
      blank: seen(await write(noteId(9), ' \n ')),
      cafe: noteAnswer(await write(noteId(2), 'Meets her sister at the Café Müller on Sundays')),
      capitals: noteAnswer(await write(noteId(3), 'CAFE visits help her unwind')),
      trip: noteAnswer(await write(noteId(4), 'Trip to Øresund next month')),
      percent: noteAnswer(await write(noteId(5), 'In bed by 23:00 on 100% of weeknights')),
      listed: await texts(),
      ...(await notePages(context, list)),
      searchAccented: await texts({ search: 'café' }),
      searchCapitals: await texts({ search: 'MULLER' }),
      searchStroke: await texts({ search: 'ORESUND' }),
      searchBlank: await texts({ search: '   ' }),
      searchWildcard: await texts({ search: '0%' }),
      searchDecomposed: await texts({ search: 'Cafe\u0301 Muller on Sundays' }),
      searchTooLong: seen(
        await as('coach', 'listNotes', { params: priya, query: { search: 'x'.repeat(101) } }),
      ),
      edited: noteAnswer(await edit(noteId(2), 'Meets her sister at the Café Müller on Saturdays')),
      editedAgainAsItIs: noteAnswer(
        await edit(noteId(2), 'Meets her sister at the Café Müller on Saturdays'),
      ),
      editedBlank: seen(await edit(noteId(2), ' ')),
      editedUnknown: seen(await edit(noteId(9), 'Hello')),
      editedAtAnotherClient: seen(await edit(noteId(2), 'Hello', tomas)),
      deletedByTheClient: seen(await remove(noteId(4), 'priya')),
      deleted: seen(await remove(noteId(4))),
      deletedAgain: seen(await remove(noteId(4))),
      afterDeletion: await texts(),
      byTheClient: seen(await as('priya', 'listNotes', { params: priya })),
      byAnotherClient: seen(await as('tomas', 'listNotes', { params: priya })),
      writtenByAClient: seen(await write(noteId(9), 'Hello', 'priya')),
      ofTheCoach: seen(
        await as('coach', 'listNotes', { params: { clientId: driver.people.coach.personId } }),
      ),
      withoutToken: seen(await as(null, 'listNotes', { params: priya })),
    };
    return { notes, followUps: await followUps(context, write) };
  },
};

/** The pages of Priya's notes one at a time, to the oldest, and a cursor that is none. */
async function notePages(
  context: ScenarioContext,
  list: (query?: Record<string, string | number>) => Promise<unknown>,
) {
  const pages: unknown[] = [];
  let before: string | null = null;
  do {
    const page = (await list(before === null ? { limit: 2 } : { limit: 2, before })) as {
      texts: string[];
      next: string | null;
    };
    pages.push(page.texts);
    before = page.next;
  } while (before !== null && pages.length < 5);
  return {
    pagesOfTwo: pages,
    garbageCursor: context.seen(
      await context.as('coach', 'listNotes', {
        params: clientParams(context, 'priya'),
        query: { before: 'garbage' },
      }),
    ),
  };
}

/** Priya's follow-up: none, set, moved, refused dates, ended by a note and a message, ended. */
async function followUps(
  context: ScenarioContext,
  write: (id: string, text: string) => Promise<Answer>,
) {
  const { as, seen } = context;
  const priya = clientParams(context, 'priya');
  const ids: string[] = [];
  const answer = (reply: Answer) =>
    reply.status === 200 && reply.body !== null
      ? { status: reply.status, followUp: followUpSeen(context, reply.body, ids) }
      : seen(reply);
  const open = async (who = 'coach') => {
    const reply = await as(who, 'getFollowUp', { params: priya });
    const body = reply.body as { open: unknown } | null;
    return reply.status === 200 && body
      ? { open: body.open === null ? null : followUpSeen(context, body.open, ids) }
      : seen(reply);
  };
  const set = async (dueDate: string, reason = 'Ask about the review', who = 'coach') =>
    answer(await as(who, 'setFollowUp', { params: priya, body: { dueDate, reason } }));
  const end = async (ending: string, who = 'coach') =>
    answer(await as(who, 'endFollowUp', { params: priya, body: { ending } }));
  const send = (who: string, id: string, text: string) =>
    as(who, 'sendMessage', { params: priya, body: { id, text } });
  // The follow-up the clients list shows in Priya's row.
  const listed = async () => {
    const reply = await as('coach', 'listClientSummaries');
    const rows = (reply.body as { clients: { clientId: string; followUp: unknown }[] }).clients;
    return rows.find((row) => row.clientId === priya.clientId)?.followUp;
  };
  // The coach's today in London, and the follow-ups' latest date from it.
  const today = localDateOf(mockNow, 'Europe/London');
  const latest = latestFollowUpDate(today);
  return {
    none: await open(),
    set: await set(today),
    setAgainAsItIs: await set(today),
    listedDue: await listed(),
    moved: await set(addDays(today, 3), 'After the review'),
    listedLater: await listed(),
    read: await open(),
    yesterday: await set(addDays(today, -1)),
    tooFar: await set(addDays(latest, 1)),
    notADay: await set('2026-02-30'),
    yearZero: await set('0000-01-01'),
    blankReason: await set(today, ' '),
    latest: await set(latest),
    byTheClient: await open('priya'),
    setByAnotherClient: await set(today, 'Hello', 'tomas'),
    noteWritten: (await write('6e0e0000-0000-4000-8000-000000000010', 'Talked about the review'))
      .status,
    afterTheNote: await open(),
    setAgain: await set(addDays(today, 1)),
    theClientWrites: (await send('priya', '6e0e0000-0000-4000-8000-000000000011', 'Hi!')).status,
    afterTheClientsMessage: await open(),
    theCoachWrites: (await send('coach', '6e0e0000-0000-4000-8000-000000000012', 'Hi Priya'))
      .status,
    afterTheCoachsMessage: await open(),
    setOnceMore: await set(today, 'Check the new plan'),
    endedAsActed: await end('acted'),
    done: await end('done'),
    doneAgain: await end('done'),
    droppedWithNoneOpen: await end('dropped'),
    setToDrop: await set(addDays(today, 7), 'Maybe a call'),
    dropped: await end('dropped'),
    afterTheEnd: await open(),
    listedAfterTheEnd: await listed(),
  };
}

/**
 * Attention episodes: after a sweep, a client who needs attention by the side's own list (the
 * domain's rule over that side's figures) has one open episode with the list's reasons, from the
 * sweep's instant, and no action; the coach's note marks the first action once; the figures count
 * the side's episodes; nobody but the coach reads them.
 */
const attentionEpisodes: Scenario = {
  name: 'attention episodes',
  async run(context) {
    const { as, seen, driver } = context;
    const maria = clientParams(context, 'maria');
    const summaries = await as('coach', 'listClientSummaries');
    const list = summaries.body as { clients: ClientSummary[]; generatedAt: string };
    const needing = list.clients.filter(
      (row) => attentionOf(row, new Date(list.generatedAt)).category !== 'ok',
    );
    const mariaRow = list.clients.find((row) => row.clientId === maria.clientId);
    const mariaReasons = mariaRow ? attentionOf(mariaRow, new Date(list.generatedAt)).reasons : [];
    // On both sides Maria needs attention (the mocks: her figures; the server: no data), so the
    // scenario sees an episode open, not two empty lists.
    if (mariaReasons.length === 0) throw new Error(`${driver.side}: Maria needs no attention`);
    await driver.sweepEpisodes();
    const episodes = async (who: string | null = 'coach') => {
      const answer = await as(who, 'listClientEpisodes', { params: maria });
      if (answer.status !== 200) return seen(answer);
      return (answer.body as { items: AttentionEpisodeAnswer[] }).items.map((episode) => ({
        hasTheListsReasons: JSON.stringify(episode.reasons) === JSON.stringify(mariaReasons),
        startedAtTheClock: episode.startedAt === mockNow.toISOString(),
        firstActionKind: episode.firstActionKind,
        actedAtTheClock: episode.firstActionAt === mockNow.toISOString(),
        isOpen: episode.endedAt === null,
      }));
    };
    const figures = async () => {
      await driver.sweepEpisodes();
      const answer = await as('coach', 'listClientSummaries');
      if (answer.status !== 200) return seen(answer);
      const kept = (answer.body as ClientSummaryList).attentionFigures;
      if (!kept) return { figures: 'missing' };
      const { keptAt, episodes: count, ...rest } = kept;
      return { ...rest, countsTheListsClients: count === needing.length, kept: keptAt !== null };
    };
    const swept = await episodes();
    await driver.sweepEpisodes();
    const sweptAgain = await episodes();
    const noteWritten = await as('coach', 'writeNote', {
      params: maria,
      body: { id: '6e0e0000-0000-4000-8000-000000000020', text: 'Asked how the week went' },
    });
    const secondNote = await as('coach', 'writeNote', {
      params: maria,
      body: { id: '6e0e0000-0000-4000-8000-000000000021', text: 'Second try' },
    });
    return {
      mariaNeedsAttention: mariaReasons.length > 0,
      swept,
      sweptAgain,
      noteWritten: noteWritten.status,
      secondNote: secondNote.status,
      afterTheNotes: await episodes(),
      figures: await figures(),
      byTheClient: await episodes('maria'),
      byAnotherClient: await episodes('tomas'),
      withoutToken: await episodes(null),
    };
  },
};

/** The scenarios in the order they run (each leaves the others' clients alone). */
export const scenarios: Scenario[] = [
  signIn,
  clientsList,
  profile,
  phaseChange,
  inviteAndAccept,
  report,
  coachSettings,
  messaging,
  notesAndFollowUps,
  attentionEpisodes,
];
