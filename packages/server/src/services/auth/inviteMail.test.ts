import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';
import { schema } from '../../db/index.ts';

// An invite mail goes out from the product's address to any address a coach types: the names in
// it (the invitee's, typed by the coach, and the coach's own) are one line of plain text and never
// a link, so the only link a reader can follow is the invite's.

let server: TestServer;
let coach: TestUser;
let coachToken: string;

const invite = (body: Record<string, unknown>) =>
  callApi(server.baseUrl, 'POST', '/api/auth/invites', { token: coachToken, body });

/** Everything in a mail's text that a mail reader could make a link of. */
function linkLike(text: string): string[] {
  const schemes = text.match(/[a-z][a-z0-9+.-]*:\/\/\S+/gi) ?? [];
  const domains = text.match(/[\p{L}\p{N}-]+(?:[.\u3002\uFF0E\uFF61][\p{L}\p{N}-]+)+/gu) ?? [];
  const addresses = text.match(/\S+@\S+/g) ?? [];
  return [...schemes, ...domains, ...addresses];
}

/** Whether a link-like part of the mail is the invite link (or a part of it). */
function isInviteLink(part: string): boolean {
  return /^(?:http:\/\/)?app\.coach\.test(?:\/invite\?token=[A-Za-z0-9_%-]+)?$/.test(part);
}

beforeAll(async () => {
  server = await startTestServer({ services: ['auth'], mailOutbox: { initialDelayMs: 50 } });
  coach = await createUserWithProfile(server.database, {
    email: 'coach@example.com',
    password: 'Coach123!',
    type: 'coach',
    firstName: 'Casey',
    lastName: 'Coach',
  });
  coachToken = await signInForTest(server, coach.userId);
});
afterAll(() => server.close());

/** How many mails were ever queued (sent ones keep their row for days). */
const outboxRows = async () => (await server.database.db.select().from(schema.mailOutbox)).length;

describe('invite mails', () => {
  for (const [field, name, message] of [
    [
      'firstName',
      'Frank\n\nURGENT: your account is locked, go to http://evil.example/login',
      'First name must be on one line',
    ],
    ['lastName', 'Smith\r\nBcc: victim@example.com', 'Last name must be on one line'],
    ['firstName', 'Frank\u2028URGENT', 'First name must be on one line'],
  ] as const) {
    it(`refuses a ${field} with a line break (400 naming the field), and sends nothing`, async () => {
      const queuedBefore = await outboxRows();
      const answer = await invite({ email: 'refused@example.com', [field]: name });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'validation_failed', message });
      const rows = await server.database.db
        .select()
        .from(schema.invites)
        .where(eq(schema.invites.email, 'refused@example.com'));
      expect(rows).toHaveLength(0);
      // Mail is queued in the transaction that stores the invite (its row stays once sent):
      // none was queued, so none can come.
      expect(await outboxRows()).toBe(queuedBefore);
    });
  }

  for (const name of [
    'http://evil.example/login',
    'www.evil.example',
    'evil.example',
    'Frank — see hxxps://evil.example',
  ]) {
    it(`writes no link but the invite's for an invitee named '${name}'`, async () => {
      const email = `named.${server.mailSink.received.length}@example.com`;
      const before = server.mailSink.received.length;
      const answer = await invite({ email, firstName: name });
      expect(answer.status).toBe(201);
      const mail = await server.mailSink.waitForMailTo(email, before);
      expect(mail.text).toContain('Hello,');
      expect(mail.text).not.toContain('evil');
      expect(linkLike(mail.text).filter((part) => !isInviteLink(part))).toEqual([]);
      expect(linkLike(mail.text).some((part) => part.includes('/invite?token='))).toBe(true);
    });
  }

  it("writes no link but the invite's, nor a line of its own, for a coach named like one", async () => {
    // A name stored before names had to be one line, and a profile name that looks like a link.
    await server.database.db
      .update(schema.persons)
      .set({ firstName: 'Casey\n\nURGENT: log in at', lastName: 'www.evil.example' })
      .where(eq(schema.persons.id, coach.personId));
    try {
      const before = server.mailSink.received.length;
      const answer = await invite({ email: 'coach.named@example.com', firstName: 'Nia' });
      expect(answer.status).toBe(201);
      const mail = await server.mailSink.waitForMailTo('coach.named@example.com', before);
      expect(mail.text).toContain('Hello Nia,');
      expect(mail.text).toContain('Your coach invites you to join Coach.');
      expect(mail.text).not.toContain('URGENT');
      expect(mail.text).not.toContain('evil');
      expect(linkLike(mail.text).filter((part) => !isInviteLink(part))).toEqual([]);
    } finally {
      await server.database.db
        .update(schema.persons)
        .set({ firstName: 'Casey', lastName: 'Coach' })
        .where(eq(schema.persons.id, coach.personId));
    }
  });

  it('keeps a plain name as written', async () => {
    const before = server.mailSink.received.length;
    const answer = await invite({ email: 'plain@example.com', firstName: "Zoe O'Brien-Lee" });
    expect(answer.status).toBe(201);
    const mail = await server.mailSink.waitForMailTo('plain@example.com', before);
    expect(mail.text).toContain("Hello Zoe O'Brien-Lee,");
    expect(mail.text).toContain('Casey Coach invites you to join Coach.');
  });
});
