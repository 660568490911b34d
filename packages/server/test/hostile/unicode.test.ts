import { randomUUID } from 'node:crypto';
import { isOneLineName, messages } from '@coach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type TestResponse } from '../auth.ts';
import { surveyRows } from '../clientRecords.ts';
import { testDatabaseKind } from '../database.ts';
import { pdfPageTexts } from '../pdfText.ts';
import {
  type HostileServer,
  hostileNow,
  type Person,
  startHostileServer,
} from './hostileServer.ts';
import { edgeStrings } from './hostileStrings.ts';
import { recordHostileResults } from './results.ts';

// Names and answers with the characters that break servers: each text a client or a coach can
// write is either stored and answered back exactly as sent, wherever it is shown (SQL and markup
// are text like any other), or refused with a 400 that names the field, leaving what was stored.

let hostile: HostileServer;
const figures: Record<string, { kept: number; refused: number }> = {};

/** Texts the text rule refuses (PostgreSQL can store neither). */
const refused = {
  nul: edgeStrings.nul,
  loneHighSurrogate: edgeStrings.loneHighSurrogate,
  loneLowSurrogate: edgeStrings.loneLowSurrogate,
};

/** Texts that must come back as sent, by name. */
const kept = Object.fromEntries(
  Object.entries(edgeStrings).filter(([name]) => !(name in refused)),
) as Record<string, string>;

/** Every kept text but the longest in one, for fields that can be written once. */
const allInOne = Object.entries(kept)
  .filter(([name]) => name !== 'emoji250')
  .map(([, text]) => text)
  .join(' | ');

const length = (text: string) => [...text].length;

/**
 * A text as compared: PGlite 0.5 decodes a text column with a TextDecoder that drops a leading
 * byte order mark (U+FEFF), so a text stored exactly may come back without it there (a column
 * read alone does, one read inside JSON does not). PostgreSQL answers it as stored.
 */
const comparable = (text: unknown) =>
  testDatabaseKind() === 'pglite' && typeof text === 'string' ? text.replace(/^\uFEFF/, '') : text;

function call(person: Person | null, method: string, path: string, body?: unknown) {
  return callApi(hostile.server.baseUrl, method, path, {
    ...(person ? { token: hostile.tokens[person] } : {}),
    ...(body === undefined ? {} : { body }),
  });
}

/** One text a person writes, and every answer that shows it back. */
type TextField = {
  /** The field's path in the refusal's message. */
  path: string;
  maxLength: number;
  /** What is kept of a text: itself, or for names without outer white space (the name rule). */
  kept?: (text: string) => string;
  /** For names: the refusal of a text that is not on one line (the name rule), in its words. */
  notOneLine?: string;
  write: (text: string) => Promise<TestResponse>;
  /** The text as each place that shows it answers it (after the last accepted write). */
  read: () => Promise<unknown[]>;
};

const range = () => {
  const day = hostileNow.toISOString().slice(0, 10);
  return `from=2026-03-01&to=${day}`;
};

function personFields(): Record<string, TextField> {
  const { clientC } = hostile.users;
  const profile = async () =>
    (await call('clientC', 'GET', `/api/account/persons/${clientC.personId}`)).body as Record<
      string,
      unknown
    >;
  const put = async (change: Record<string, unknown>) =>
    call('clientC', 'PUT', `/api/account/persons/${clientC.personId}`, {
      ...(await profile()),
      ...change,
    });
  const coachViews = async (field: string) => {
    const list = (await call('coachA', 'GET', '/api/analytics/clients')).body as {
      clients: Record<string, unknown>[];
    };
    const summary = (
      await call('coachA', 'GET', `/api/analytics/clients/${clientC.personId}/profile`)
    ).body as Record<string, unknown>;
    const listed = list.clients.find((client) => client.clientId === clientC.personId);
    // The list has no about me.
    return field === 'aboutMe' ? [summary[field]] : [listed?.[field], summary[field]];
  };
  return Object.fromEntries(
    (['firstName', 'lastName', 'aboutMe'] as const).map((field): [string, TextField] => [
      `client's ${field}`,
      {
        path: field,
        maxLength: field === 'aboutMe' ? 500 : 250,
        ...(field === 'aboutMe'
          ? {}
          : {
              kept: (text: string) => text.trim(),
              notOneLine:
                field === 'firstName' ? messages.firstNameOneLine : messages.lastNameOneLine,
            }),
        write: (text) => put({ [field]: text }),
        read: async () => [(await profile())[field], ...(await coachViews(field))],
      },
    ]),
  );
}

function recordFields(): Record<string, TextField> {
  const { clientC } = hostile.users;
  const clientPath = `/api/survey/clients/${clientC.personId}`;
  let assessmentId = '';
  let assessmentAt = '';
  let answerKey = '';
  let exerciseId = '';
  let written = 0;
  /** Stores a new assessment, a second after the last; `assessmentId` names the last stored. */
  const assessment = async (name: string, answers: Record<string, unknown>) => {
    const id = randomUUID();
    written += 1;
    const answeredAt = new Date(hostileNow.getTime() - 3_600_000 + written * 1000).toISOString();
    const response = await call('clientC', 'POST', '/api/survey/assessments', {
      id,
      name,
      status: 'complete',
      answeredAt,
      answers,
    });
    if (response.status < 300) {
      assessmentId = id;
      assessmentAt = answeredAt;
      answerKey = Object.keys(answers)[0] ?? '';
    }
    return response;
  };
  const storedAnswers = async () => {
    const rows = await surveyRows(hostile.server, clientC);
    const row = rows.find((candidate) => candidate.clientSurveyId === assessmentId);
    return (row?.answers ?? {}) as Record<string, unknown>;
  };
  return {
    'assessment name': {
      path: 'name',
      maxLength: 120,
      write: (text) => assessment(text, { q: 1 }),
      read: async () => {
        const list = (await call('coachA', 'GET', `${clientPath}/assessments?${range()}`)).body as {
          assessments: { id: string; name: string }[];
        };
        const activity = (
          await call(
            'coachA',
            'GET',
            `/api/analytics/clients/${clientC.personId}/activity?limit=100`,
          )
        ).body as { items: { at: string; title: string }[] };
        return [
          list.assessments.find((item) => item.id === assessmentId)?.name,
          // By its time: the history answers the stored row's id, not the one the app sent.
          activity.items.find((item) => item.at === assessmentAt)?.title,
        ];
      },
    },
    'assessment answer': {
      path: 'answers.q',
      maxLength: 500,
      write: (text) => assessment('Check-in', { q: text }),
      read: async () => [(await storedAnswers()).q],
    },
    'assessment question key': {
      path: 'answers keys',
      maxLength: 64,
      write: (text) => assessment('Check-in', { [text]: 'yes' }),
      read: async () => [Object.keys(await storedAnswers()).find((key) => key === answerKey)],
    },
    'exercise result': {
      path: 'result',
      maxLength: 500,
      write: async (text) => {
        const id = randomUUID();
        const response = await call('clientC', 'POST', '/api/exercise/exercises', {
          id,
          goal: 'calm',
          startedAt: new Date(hostileNow.getTime() - 12 * 60_000).toISOString(),
          completedAt: new Date(hostileNow.getTime() - 2 * 60_000).toISOString(),
          before: { hrv1: 40 },
          after: { hrv1: 50 },
          result: text,
        });
        if (response.status < 300) exerciseId = id;
        return response;
      },
      read: async () => {
        const path = `/api/exercise/clients/${clientC.personId}/exercises/${exerciseId}`;
        return [((await call('coachA', 'GET', path)).body as { result?: string }).result];
      },
    },
  };
}

/** A refusal names the field and says why, in the contract's words. */
function expectRefusedText(response: TestResponse, path: string) {
  const message =
    path === 'answers keys'
      ? 'answers keys contain characters that are not allowed'
      : `${path} contains characters that are not allowed`;
  expect(response).toMatchObject({
    status: 400,
    body: { error: 'validation_failed', message },
  });
}

// Seeding renders a report (a PDF in a worker): on two busy cores that alone can take a minute.
beforeAll(async () => {
  hostile = await startHostileServer();
}, 180_000);

afterAll(async () => {
  await recordHostileResults('unicode', { fields: figures });
  await hostile?.server.close();
});

describe('hostile text in names and answers', () => {
  it('keeps every text byte for byte wherever it is shown, or refuses it naming the field', async () => {
    const fields = { ...personFields(), ...recordFields() };
    for (const [name, field] of Object.entries(fields)) {
      const counts = { kept: 0, refused: 0 };
      figures[name] = counts;
      const isRefusedName = (text: string) =>
        field.notOneLine !== undefined && !isOneLineName(text);
      const fitting = [
        ...Object.values(kept).filter(
          (text) => length(text) <= field.maxLength && !isRefusedName(text),
        ),
        '😀'.repeat(field.maxLength),
      ];
      for (const text of fitting) {
        const response = await field.write(text);
        expect.soft(response.status, `${name}: ${JSON.stringify(text)}`).toBeLessThan(300);
        const shown = (await field.read()).map(comparable);
        const expected = comparable(field.kept ? field.kept(text) : text);
        expect
          .soft(shown, `${name} shown back: ${JSON.stringify(text)}`)
          .toEqual(shown.map(() => expected));
        counts.kept += 1;
      }
      const before = await field.read();
      for (const [reason, text] of Object.entries(refused)) {
        const response = await field.write(text);
        expectRefusedText(response, field.path);
        expect.soft(await field.read(), `${name} after ${reason}`).toEqual(before);
        counts.refused += 1;
      }
      // A name with a line break, a tab or another control character is refused in its words.
      for (const text of Object.values(kept).filter(isRefusedName)) {
        const response = await field.write(text);
        expect.soft(response, `${name}: ${JSON.stringify(text)}`).toMatchObject({
          status: 400,
          body: { error: 'validation_failed', message: field.notOneLine },
        });
        expect.soft(await field.read(), `${name} after ${JSON.stringify(text)}`).toEqual(before);
        counts.refused += 1;
      }
      // One character past the limit, counted in characters (an emoji is one).
      const over = await field.write('😀'.repeat(field.maxLength + 1));
      expect.soft(over.status, `${name}: ${field.maxLength + 1} emoji`).toBe(400);
      expect.soft(await field.read(), `${name} after a text too long`).toEqual(before);
      counts.refused += 1;
    }
  }, 240_000);

  it('shows a client who accepted an invite with markup and SQL for a name as they typed it', async () => {
    const { mailSink } = hostile.server;
    const before = mailSink.received.length;
    const invite = await call('coachA', 'POST', '/api/auth/invites', {
      email: 'markup@example.com',
    });
    expect(invite.status).toBe(201);
    const [mail] = (await mailSink.waitFor(before + 1)).slice(before);
    const token = /invite\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const name = { firstName: kept.imgOnerror ?? '', lastName: kept.sql ?? '' };
    const accepted = await call(null, 'POST', '/api/auth/invites/accept', {
      token: decodeURIComponent(token),
      password: 'Password1',
      ...name,
      timezone: 'Europe/Berlin',
    });
    expect(accepted.status).toBe(200);
    const list = (await call('coachA', 'GET', '/api/analytics/clients')).body as {
      clients: { email: string; firstName: string; lastName: string }[];
    };
    const client = list.clients.find((item) => item.email === 'markup@example.com');
    expect(client).toMatchObject(name);
  });

  it('keeps a reflection note and a report written with all of them, and refuses the rest', async () => {
    const reflection = (note: string) =>
      call('clientC', 'POST', '/api/survey/reflections', {
        id: randomUUID(),
        type: 'reflection',
        answeredAt: hostileNow.toISOString(),
        answers: { productivity: 70, mental: 80, physical: 65, note },
      });
    for (const text of Object.values(refused)) {
      expectRefusedText(await reflection(text), 'answers.note');
    }
    expect(length(allInOne)).toBeLessThanOrEqual(500);
    expect((await reflection(allInOne)).status).toBe(201);
    const { clientC } = hostile.users;
    const reflections = (
      await call('coachA', 'GET', `/api/survey/clients/${clientC.personId}/reflections?${range()}`)
    ).body as { reflections: { note: string }[] };
    expect(reflections.reflections.map((item) => item.note)).toContain(allInOne);

    const reportPath = `/api/resource/clients/${clientC.personId}/reports`;
    const notes = (text: string) => ({
      mentalWellbeing: text,
      physicalWellbeing: text,
      productivity: text,
      finalComments: text,
    });
    for (const text of Object.values(refused)) {
      expectRefusedText(await call('coachA', 'POST', reportPath, notes(text)), 'mentalWellbeing');
    }
    const created = await call('coachA', 'POST', reportPath, notes(allInOne));
    expect(created.status).toBe(201);
    const pdf = await fetch(
      `${hostile.server.baseUrl}${reportPath}/${(created.body as { id: string }).id}`,
      { headers: { authorization: `Bearer ${hostile.tokens.coachA}` } },
    );
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(' ');
    // The payloads are printed as the text they are.
    for (const payload of [kept.sql, kept.imgOnerror, kept.script]) {
      expect(text).toContain(payload);
    }
    figures['reflection note'] = { kept: 1, refused: Object.keys(refused).length };
    figures['report notes'] = { kept: 1, refused: Object.keys(refused).length };
  }, 120_000);
});
