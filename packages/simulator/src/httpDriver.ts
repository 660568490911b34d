import type { JourneyStep } from '@coach/domain';
import {
  clientTimeline,
  type SimulatedClient,
  simulatedClients,
  type TimelineAction,
} from './generator.ts';
import type { SimulationServer } from './server.ts';

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

/** A request answered with a status the simulator did not expect. */
export type RequestFailure = {
  route: string;
  status: number;
  /** The simulated instant it was sent at. */
  at: string;
  response: string;
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
  /** Actions by type, as the generator planned them. */
  actions: Record<TimelineAction['type'], number>;
  failures: RequestFailure[];
  seconds: number;
};

type Tokens = { accessToken: string; refreshToken: string };
type Answer = { status: number; body: unknown };

/** A signed-in caller: renews its tokens when the access token is refused. */
type Session = { email: string; password: string; tokens: Tokens };

const dayMs = 86_400_000;

function isTokens(body: unknown): body is Tokens {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Tokens).accessToken === 'string' &&
    typeof (body as Tokens).refreshToken === 'string'
  );
}

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
  const { server, seed, end } = options;
  const startedAt = performance.now();
  const start = new Date(end.getTime() - options.days * dayMs);
  const summary: SimulationSummary = {
    clients: options.clients,
    newClients: 0,
    simulatedFrom: start.toISOString(),
    simulatedTo: end.toISOString(),
    requests: 0,
    byRoute: {},
    actions: { phaseChange: 0, reflection: 0, assessment: 0, exercise: 0, deviceMetrics: 0 },
    failures: [],
    seconds: 0,
  };

  async function send(
    method: 'GET' | 'POST',
    route: string,
    path: string,
    body: unknown,
    token: string | null,
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    summary.requests += 1;
    const label = `${method} ${route}`;
    const counts = summary.byRoute[label] ?? {};
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    summary.byRoute[label] = counts;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body: parsed };
  }

  /** The statuses a call may answer, or a test of the whole answer. */
  type Expected = readonly number[] | ((answer: Answer) => boolean);

  function check(route: string, answer: Answer, expected: Expected): boolean {
    const isExpected =
      typeof expected === 'function' ? expected(answer) : expected.includes(answer.status);
    if (isExpected) return true;
    summary.failures.push({
      route,
      status: answer.status,
      at: server.clock.now().toISOString(),
      response: JSON.stringify(answer.body).slice(0, 300),
    });
    return false;
  }

  async function signIn(email: string, password: string): Promise<Tokens | null> {
    const route = '/api/auth/login';
    const answer = await send('POST', route, route, { email, password }, null);
    return check(`POST ${route}`, answer, [200]) && isTokens(answer.body) ? answer.body : null;
  }

  /** New tokens for a session whose access token was refused: refresh, else sign in again. */
  async function renew(session: Session): Promise<boolean> {
    const route = '/api/auth/session/refresh';
    const refreshed = await send(
      'POST',
      route,
      route,
      { refreshToken: session.tokens.refreshToken },
      null,
    );
    if (refreshed.status === 200 && isTokens(refreshed.body)) {
      session.tokens = refreshed.body;
      return true;
    }
    const tokens = await signIn(session.email, session.password);
    if (tokens) session.tokens = tokens;
    return tokens !== null;
  }

  /** An authenticated call; one renewal and retry when the access token is refused. */
  async function call(
    session: Session,
    method: 'GET' | 'POST',
    route: string,
    path: string,
    body: unknown,
    expected: Expected,
  ): Promise<Answer> {
    let answer = await send(method, route, path, body, session.tokens.accessToken);
    if (answer.status === 401 && (await renew(session))) {
      answer = await send(method, route, path, body, session.tokens.accessToken);
    }
    check(`${method} ${route}`, answer, expected);
    return answer;
  }

  server.clock.set(start);
  const coachTokens = await signIn(options.coach.email, options.coach.password);
  if (!coachTokens) {
    throw new Error(`The coach ${options.coach.email} could not sign in`);
  }
  const coach: Session = { ...options.coach, tokens: coachTokens };

  type Participant = {
    client: SimulatedClient;
    session: Session;
    personId: string;
    acceptedAt: Date;
    step: JourneyStep;
    /** Created by an earlier run: this run signed them in. */
    isExisting: boolean;
  };
  const participants: Participant[] = [];
  const clients = simulatedClients(seed, options.clients);
  for (const [index, client] of clients.entries()) {
    server.clock.set(new Date(start.getTime() + index * 60_000));
    const participant = await join(client);
    if (participant) participants.push(participant);
  }

  /** Invite and acceptance of a new client, or the sign-in of one an earlier run created. */
  async function join(client: SimulatedClient): Promise<Participant | null> {
    const invitesRoute = '/api/auth/invites';
    const mailsBefore = server.inbox.mailsTo(client.email).length;
    const invite = await send(
      'POST',
      invitesRoute,
      invitesRoute,
      { email: client.email, firstName: client.firstName, lastName: client.lastName },
      coach.tokens.accessToken,
    );
    const isExisting =
      invite.status === 409 && (invite.body as { error?: string })?.error === 'already_registered';
    if (!isExisting && !check(`POST ${invitesRoute}`, invite, [201])) return null;
    let tokens: Tokens | null = null;
    if (isExisting) {
      tokens = await signIn(client.email, client.password);
    } else {
      // The outbox sends the mail once the invite has been answered.
      const mail = await server.inbox.waitForMailTo(client.email, mailsBefore + 1);
      const token = inviteTokenFromMail(mail.text);
      if (!token) throw new Error(`No invite mail with a link reached ${client.email}`);
      server.clock.set(new Date(server.clock.now().getTime() + 30_000));
      const route = '/api/auth/invites/accept';
      const accepted = await send(
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
      if (check(`POST ${route}`, accepted, [200]) && isTokens(accepted.body)) {
        tokens = accepted.body;
        summary.newClients += 1;
      }
    }
    if (!tokens) return null;
    const session: Session = { email: client.email, password: client.password, tokens };
    const persons = await call(
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
    const journey = await call(
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

  const timeline = participants
    .flatMap((participant) =>
      clientTimeline(participant.client, {
        seed,
        acceptedAt: participant.acceptedAt,
        until: end,
        ...(options.readingEveryMinutes
          ? { readingEveryMinutes: options.readingEveryMinutes }
          : {}),
      }).map((action) => ({ participant, action })),
    )
    .sort((a, b) => a.action.at.getTime() - b.action.at.getTime());

  const order: JourneyStep[] = ['learn', 'sense', 'grow'];
  let lastDay = '';
  for (const { participant, action } of timeline) {
    summary.actions[action.type] += 1;
    server.clock.set(new Date(action.at.getTime() + 1000));
    const day = action.at.toISOString().slice(0, 10);
    if (day !== lastDay) {
      lastDay = day;
      options.log?.(`${day} (UTC): ${summary.requests} requests so far`);
    }
    const { session } = participant;
    switch (action.type) {
      case 'phaseChange': {
        // A re-run finds the step already started: the change is irreversible, so it is skipped.
        if (order.indexOf(participant.step) >= order.indexOf(action.body.nextPhase)) break;
        const route = '/api/journey/clients/:clientId/phase';
        const path = `/api/journey/clients/${participant.personId}/phase`;
        const answer = await call(coach, 'POST', route, path, action.body, [200]);
        if (answer.status === 200) participant.step = action.body.nextPhase;
        break;
      }
      case 'reflection':
        await call(
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
        await call(
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
        await call(
          session,
          'POST',
          '/api/exercise/exercises',
          '/api/exercise/exercises',
          action.body,
          [200, 201],
        );
        break;
      case 'deviceMetrics':
        await call(
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
  summary.seconds = Math.round((performance.now() - startedAt) / 100) / 10;
  return summary;
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
