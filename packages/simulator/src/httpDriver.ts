import type { MessageList } from '@coach/api';
import type { JourneyStep } from '@coach/domain';
import {
  clientTimeline,
  type SimulatedClient,
  simulatedClients,
  type TimelineAction,
} from './generator.ts';
import { type MessageAction, messageTimeline, replyTo } from './messaging.ts';
import type { SimulationServer } from './server.ts';
import {
  createSimulationHttp,
  isTokens,
  type RequestFailure,
  type Session,
  type SimulationHttp,
  type Tokens,
} from './simulationHttp.ts';

// The simulator's HTTP side: a coach and their clients using the real endpoints, one request at
// a time in simulated-time order, with the clock set just after each action's instant.

/** What a run does. */
export type HttpSimulationOptions = {
  server: Pick<SimulationServer, 'baseUrl' | 'clock' | 'inbox'>;
  seed: number;
  clients: number;
  days: number;
  coach: { email: string; password: string };
  /** The simulation's last instant (the real now for the CLI); it starts `days` before. */
  end: Date;
  /** Minutes between two device readings; see `TimelineOptions`. */
  readingEveryMinutes?: readonly [number, number];
  /** Progress lines (a line per simulated day); none by default. */
  log?: (line: string) => void;
};

/** What a run did. */
export type SimulationSummary = {
  clients: number;
  /** Clients created by this run (the others existed: a re-run signs them in). */
  newClients: number;
  simulatedFrom: string;
  simulatedTo: string;
  requests: number;
  /** Requests by route ('POST /api/survey/reflections') and status. */
  byRoute: Record<string, Record<string, number>>;
  /**
   * Actions by type, as the generator planned them, and the clients' answers to the coach's
   * messages they read (`clientReply`).
   */
  actions: Record<SimulationAction['type'], number>;
  failures: RequestFailure[];
  seconds: number;
};

/** What a run plays: a timeline's action, or a messaging one. */
type SimulationAction = TimelineAction | MessageAction;

/** One action of one participant. */
type Step = { participant: Participant; action: SimulationAction };

/** A client of the run, signed in, with what the driver follows of their journey. */
type Participant = {
  client: SimulatedClient;
  session: Session;
  personId: string;
  acceptedAt: Date;
  step: JourneyStep;
  /** Created by an earlier run: this run signed them in. */
  isExisting: boolean;
};

/** What the stages of a run share. */
type Run = {
  options: HttpSimulationOptions;
  server: HttpSimulationOptions['server'];
  http: SimulationHttp;
  summary: SimulationSummary;
};

const dayMs = 86_400_000;

const stepOrder: JourneyStep[] = ['learn', 'sense', 'grow'];

/** The invite token of the newest invite mail to an address, as a client finds it in the link. */
function inviteTokenFromMail(text: string): string | null {
  const match = /\/invite\?token=([^\s]+)/.exec(text);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Runs a simulated practice over HTTP: the coach signs in and invites the clients at the start,
 * each client accepts from the link in their mail (or, when their account exists from an earlier
 * run, signs in), then every action of every client's timeline is sent in time order. Requests
 * answered with an unexpected status are counted as failures, never retried or ignored.
 */
export async function runHttpSimulation(
  options: HttpSimulationOptions,
): Promise<SimulationSummary> {
  const { server, end } = options;
  const startedAt = performance.now();
  const start = new Date(end.getTime() - options.days * dayMs);
  const summary = emptySummary(options.clients, start, end);
  const run: Run = { options, server, http: createSimulationHttp(server, summary), summary };

  server.clock.set(start);
  const coach = await signInCoach(run);
  const participants = await joinClients(run, coach, start);
  await playTimeline(run, coach, mergedTimeline(run, participants));
  summary.seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  return summary;
}

function emptySummary(clients: number, start: Date, end: Date): SimulationSummary {
  return {
    clients,
    newClients: 0,
    simulatedFrom: start.toISOString(),
    simulatedTo: end.toISOString(),
    requests: 0,
    byRoute: {},
    actions: {
      phaseChange: 0,
      reflection: 0,
      assessment: 0,
      exercise: 0,
      deviceMetrics: 0,
      coachMessage: 0,
      clientMessage: 0,
      readMessages: 0,
      clientReply: 0,
    },
    failures: [],
    seconds: 0,
  };
}

async function signInCoach({ options, http }: Run): Promise<Session> {
  const coachTokens = await http.signIn(options.coach.email, options.coach.password);
  if (!coachTokens) {
    throw new Error(`The coach ${options.coach.email} could not sign in`);
  }
  return { ...options.coach, tokens: coachTokens };
}

/** The clients join one a minute from the start, in the generator's order. */
async function joinClients(run: Run, coach: Session, start: Date): Promise<Participant[]> {
  const participants: Participant[] = [];
  const clients = simulatedClients(run.options.seed, run.options.clients);
  for (const [index, client] of clients.entries()) {
    run.server.clock.set(new Date(start.getTime() + index * 60_000));
    const participant = await joinClient(run, coach, client);
    if (participant) participants.push(participant);
  }
  return participants;
}

/** Invite and acceptance of a new client, or the sign-in of one an earlier run created. */
async function joinClient(
  run: Run,
  coach: Session,
  client: SimulatedClient,
): Promise<Participant | null> {
  const { server, http } = run;
  const invitesRoute = '/api/auth/invites';
  const mailsBefore = server.inbox.mailsTo(client.email).length;
  const invite = await http.send(
    'POST',
    invitesRoute,
    invitesRoute,
    { email: client.email, firstName: client.firstName, lastName: client.lastName },
    coach.tokens.accessToken,
  );
  const isExisting =
    invite.status === 409 && (invite.body as { error?: string })?.error === 'already_registered';
  if (!isExisting && !http.check(`POST ${invitesRoute}`, invite, [201])) return null;
  const tokens = isExisting
    ? await http.signIn(client.email, client.password)
    : await acceptInvite(run, client, mailsBefore);
  if (!tokens) return null;
  const session: Session = { email: client.email, password: client.password, tokens };
  return readParticipant(run, coach, client, session, isExisting);
}

/** The client accepts from the link of their invite mail: their first tokens. */
async function acceptInvite(
  { server, http, summary }: Run,
  client: SimulatedClient,
  mailsBefore: number,
): Promise<Tokens | null> {
  // The outbox sends the mail once the invite has been answered.
  const mail = await server.inbox.waitForMailTo(client.email, mailsBefore + 1);
  const token = inviteTokenFromMail(mail.text);
  if (!token) throw new Error(`No invite mail with a link reached ${client.email}`);
  server.clock.set(new Date(server.clock.now().getTime() + 30_000));
  const route = '/api/auth/invites/accept';
  const accepted = await http.send(
    'POST',
    route,
    route,
    {
      token,
      password: client.password,
      firstName: client.firstName,
      lastName: client.lastName,
      timezone: client.timeZone,
    },
    null,
  );
  if (!http.check(`POST ${route}`, accepted, [200]) || !isTokens(accepted.body)) return null;
  summary.newClients += 1;
  return accepted.body;
}

/** The client's own person id, then their journey as the coach reads it. */
async function readParticipant(
  { http }: Run,
  coach: Session,
  client: SimulatedClient,
  session: Session,
  isExisting: boolean,
): Promise<Participant | null> {
  const persons = await http.call(
    session,
    'GET',
    '/api/account/persons',
    '/api/account/persons',
    undefined,
    [200],
  );
  const own = Array.isArray(persons.body)
    ? (persons.body as { id: string; type: string }[]).find((person) => person.type === 'user')
    : undefined;
  if (!own) return null;
  const journeyRoute = '/api/journey/clients/:clientId/journey';
  const journey = await http.call(
    coach,
    'GET',
    journeyRoute,
    `/api/journey/clients/${own.id}/journey`,
    undefined,
    [200],
  );
  const body = journey.body as {
    currentStep?: JourneyStep;
    steps?: { step: string; startedAt: string | null }[];
  };
  const learnStartedAt = body.steps?.find((step) => step.step === 'learn')?.startedAt;
  if (!learnStartedAt || !body.currentStep) return null;
  return {
    client,
    session,
    personId: own.id,
    acceptedAt: new Date(learnStartedAt),
    step: body.currentStep,
    isExisting,
  };
}

/** Every participant's timeline and messaging, merged in time order. */
function mergedTimeline({ options }: Run, participants: Participant[]): Step[] {
  return participants
    .flatMap((participant) => {
      const range = {
        seed: options.seed,
        acceptedAt: participant.acceptedAt,
        until: options.end,
      };
      const actions: SimulationAction[] = [
        ...clientTimeline(participant.client, {
          ...range,
          ...(options.readingEveryMinutes
            ? { readingEveryMinutes: options.readingEveryMinutes }
            : {}),
        }),
        ...messageTimeline(participant.client, range),
      ];
      return actions.map((action) => ({ participant, action }));
    })
    .sort((a, b) => a.action.at.getTime() - b.action.at.getTime());
}

/**
 * Sends every action with the clock set just after its instant; a progress line a day. The
 * answers the clients decide on while reading are played at their own instant among the others
 * (those after the run's end are not sent).
 */
async function playTimeline(run: Run, coach: Session, timeline: Step[]): Promise<void> {
  const { options, server, summary } = run;
  /** Answers to come, in time order. */
  const pending: Step[] = [];
  const schedule = (step: Step) => {
    const index = pending.findIndex((other) => other.action.at > step.action.at);
    pending.splice(index === -1 ? pending.length : index, 0, step);
  };
  let lastDay = '';
  const play = async ({ participant, action }: Step) => {
    summary.actions[action.type] += 1;
    server.clock.set(new Date(action.at.getTime() + 1000));
    const day = action.at.toISOString().slice(0, 10);
    if (day !== lastDay) {
      lastDay = day;
      options.log?.(`${day} (UTC): ${summary.requests} requests so far`);
    }
    await playAction(run, coach, participant, action, schedule);
  };
  const playPendingUntil = async (instant: Date) => {
    for (let next = pending[0]; next && next.action.at <= instant; next = pending[0]) {
      pending.shift();
      await play(next);
    }
  };
  for (const step of timeline) {
    await playPendingUntil(step.action.at);
    await play(step);
  }
  await playPendingUntil(options.end);
}

/** The messaging service's routes, as the summary counts them. */
const messagesRoute = '/api/messaging/clients/:clientId/messages';
const messagesPath = (participant: Participant) =>
  `/api/messaging/clients/${participant.personId}/messages`;

/**
 * The client opens their thread: lists its newest page, marks the coach's messages read
 * up to the newest when some are unread, and decides whether to answer the newest unread one
 * (played later by `schedule`).
 */
async function readMessages(
  { http, options, server }: Run,
  participant: Participant,
  schedule: (step: Step) => void,
): Promise<void> {
  const { session } = participant;
  const at = server.clock.now();
  const list = await http.call(
    session,
    'GET',
    messagesRoute,
    messagesPath(participant),
    undefined,
    [200],
  );
  if (list.status !== 200) return;
  // What was sent by now: a re-run finds the later messages of the earlier run stored already.
  const items = (list.body as MessageList).items.filter(
    (message) => new Date(message.sentAt) <= at,
  );
  const newestCoach = items.find((message) => message.author === 'coach');
  const newestUnread = items.find(
    (message) => message.author === 'coach' && message.readAt === null && !message.deletedAt,
  );
  if (!newestCoach || !newestUnread) return;
  const read = await http.call(
    session,
    'POST',
    `${messagesRoute}/read`,
    `${messagesPath(participant)}/read`,
    { upTo: newestCoach.id },
    [200],
  );
  if (read.status !== 200) return;
  const reply = replyTo(options.seed, participant.client, newestUnread.id, at);
  if (reply && reply.at <= options.end) schedule({ participant, action: reply });
}

/** One action of a client's timeline: the call their app (or their coach) makes. */
async function playAction(
  run: Run,
  coach: Session,
  participant: Participant,
  action: SimulationAction,
  schedule: (step: Step) => void,
): Promise<void> {
  const { http } = run;
  const { session } = participant;
  switch (action.type) {
    case 'coachMessage':
    case 'clientMessage':
    case 'clientReply':
      await http.call(
        action.type === 'coachMessage' ? coach : session,
        'POST',
        messagesRoute,
        messagesPath(participant),
        action.body,
        [200, 201],
      );
      break;
    case 'readMessages':
      await readMessages(run, participant, schedule);
      break;
    case 'phaseChange': {
      // A re-run finds the step already started: the change is irreversible, so it is skipped.
      if (stepOrder.indexOf(participant.step) >= stepOrder.indexOf(action.body.nextPhase)) break;
      const route = '/api/journey/clients/:clientId/phase';
      const path = `/api/journey/clients/${participant.personId}/phase`;
      const answer = await http.call(coach, 'POST', route, path, action.body, [200]);
      if (answer.status === 200) participant.step = action.body.nextPhase;
      break;
    }
    case 'reflection':
      await http.call(
        session,
        'POST',
        '/api/survey/reflections',
        '/api/survey/reflections',
        action.body,
        [200, 201],
      );
      break;
    case 'assessment': {
      // A re-run resends an earlier state of an assessment the first run completed: refused
      // as final (409), which is what the client's app would be told too.
      const isReplay = participant.isExisting && action.body.status !== 'complete';
      await http.call(
        session,
        'POST',
        '/api/survey/assessments',
        '/api/survey/assessments',
        action.body,
        (answer) =>
          answer.status === 200 ||
          answer.status === 201 ||
          (isReplay && (answer.body as { error?: string })?.error === 'assessment_final'),
      );
      break;
    }
    case 'exercise':
      await http.call(
        session,
        'POST',
        '/api/exercise/exercises',
        '/api/exercise/exercises',
        action.body,
        [200, 201],
      );
      break;
    case 'deviceMetrics':
      await http.call(
        session,
        'POST',
        '/api/device-metrics/batches',
        '/api/device-metrics/batches',
        action.body,
        [200],
      );
      break;
  }
}

/** The summary as printed lines: totals, then requests by route and status. */
export function formatSummary(summary: SimulationSummary): string[] {
  const rate = summary.seconds > 0 ? Math.round(summary.requests / summary.seconds) : 0;
  const lines = [
    `Simulated ${summary.clients} clients (${summary.newClients} new) from ${summary.simulatedFrom} to ${summary.simulatedTo}`,
    `Actions: ${Object.entries(summary.actions)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
    `Requests: ${summary.requests} in ${summary.seconds} s (${rate} requests/s)`,
  ];
  for (const [route, statuses] of Object.entries(summary.byRoute).sort()) {
    const counts = Object.entries(statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    lines.push(`  ${route.padEnd(48)} ${counts}`);
  }
  lines.push(`Failed requests: ${summary.failures.length}`);
  for (const failure of summary.failures.slice(0, 20)) {
    lines.push(`  ${failure.at} ${failure.route} -> ${failure.status} ${failure.response}`);
  }
  return lines;
}
