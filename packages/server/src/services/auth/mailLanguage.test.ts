import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createUserWithProfile,
  signInForTest,
  type TestUser,
} from '../../../test/auth.ts';
import type { ReceivedMail } from '../../../test/mailSink.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

// The mails go out in their reader's language: a coach's own, a client's their coach's (the
// invite, before the client has an account, the inviting coach's), read from the SMTP sink.

let server: TestServer;
/** A coach who chose Spanish, one who kept English, and a client of the Spanish one. */
let lucia: TestUser;
let olivia: TestUser;
let mateo: TestUser;

const many = { max: 10_000, windowSeconds: 60 };
const api = (method: string, path: string, options?: Parameters<typeof callApi>[3]) =>
  callApi(server.baseUrl, method, `/api/auth${path}`, options);

/** Asks for a reset code for `email` and answers the mail that came. */
/** The reset request the last code was mailed for. */
let resetRequestId = '';

async function resetMailTo(email: string): Promise<ReceivedMail> {
  const before = server.mailSink.received.length;
  const response = await api('POST', '/passwordReset/request', { body: { email } });
  expect(response.status).toBe(202);
  resetRequestId = (response.body as { resetRequestId: string }).resetRequestId;
  return server.mailSink.waitForMailTo(email, before);
}

beforeAll(async () => {
  server = await startTestServer({
    services: ['auth'],
    mailOutbox: { initialDelayMs: 50 },
    auth: {
      resetCodeMailsPerAccount: many,
      rateLimits: {
        resetRequest: { perIp: many, perAccount: many },
        verifyCode: { perIp: many, perAccount: many },
        inviteCreate: { perIp: many, perAccount: many },
      },
    },
  });
  const account = (email: string, input: Partial<Parameters<typeof createUserWithProfile>[1]>) =>
    createUserWithProfile(server.database, {
      email,
      password: 'Password1',
      type: 'coach',
      ...input,
    });
  lucia = await account('lucia@example.com', {
    firstName: 'Lucía',
    lastName: 'Núñez',
    language: 'es',
  });
  olivia = await account('olivia@example.com', { firstName: 'Olivia', lastName: 'Bennett' });
  mateo = await account('mateo@example.com', {
    type: 'user',
    firstName: 'Mateo',
    coachPersonId: lucia.personId,
  });
});
afterAll(() => server?.close());

describe("mails in their reader's language", () => {
  it("writes an invite in the inviting coach's language: Spanish subject and text", async () => {
    const token = await signInForTest(server, lucia.userId);
    const before = server.mailSink.received.length;
    const invited = await api('POST', '/invites', {
      token,
      body: { email: 'begona@example.com', firstName: 'Begoña' },
    });
    expect(invited.status).toBe(201);
    const mail = await server.mailSink.waitForMailTo('begona@example.com', before);
    expect(mail.subject).toBe('Te han invitado a Coach');
    const text = mail.parts.plain ?? '';
    expect(text).toContain('Hola, Begoña:');
    expect(text).toContain('Lucía Núñez te invita a unirte a Coach.');
    expect(text).toMatch(/Abre este enlace para crear tu contraseña: http\S+\/invite\?token=/);
    expect(text).toContain('El enlace es válido durante 14 días.');
    expect(text).not.toMatch(/Hello|invites you|valid for/);
  });

  it("keeps an English coach's invite in English", async () => {
    const token = await signInForTest(server, olivia.userId);
    const before = server.mailSink.received.length;
    await api('POST', '/invites', {
      token,
      body: { email: 'noah@example.com', firstName: 'Noah' },
    });
    const mail = await server.mailSink.waitForMailTo('noah@example.com', before);
    expect(mail.subject).toBe('You are invited to Coach');
    expect(mail.parts.plain).toContain('Hello Noah,\n\nOlivia Bennett invites you to join Coach.');
    expect(mail.parts.plain).toContain('The link is valid for 14 days.');
  });

  it("mails a Spanish coach's reset code in Spanish, and an English coach's in English", async () => {
    const spanish = await resetMailTo(lucia.email);
    expect(spanish.subject).toBe('Tu código para restablecer la contraseña de Coach');
    expect(spanish.parts.plain).toMatch(/^Tu código para restablecer la contraseña es \d{6}\n\n/);
    expect(spanish.parts.plain).toContain(
      'Es válido durante 10 minutos y solo se puede usar una vez.',
    );
    const english = await resetMailTo(olivia.email);
    expect(english.subject).toBe('Your Coach password reset code');
    expect(english.parts.plain).toMatch(/^Your password reset code is \d{6}\n\n/);
    expect(english.parts.plain).toContain('It is valid for 10 minutes and can be used once.');
  });

  it("mails a client's reset code in their coach's language", async () => {
    const mail = await resetMailTo(mateo.email);
    expect(mail.subject).toBe('Tu código para restablecer la contraseña de Coach');
  });

  it("warns in Spanish when wrong codes void a Spanish coach's code", async () => {
    const codeMail = await resetMailTo(lucia.email);
    const code = /\b(\d{6})\b/.exec(codeMail.parts.plain ?? '')?.[1] ?? '';
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const before = server.mailSink.received.length;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await api('POST', '/passwordReset/verifyCode', {
        body: { email: lucia.email, resetPasswordCode: wrong, resetRequestId },
      });
      expect(answer.status).toBe(400);
    }
    const warning = await server.mailSink.waitForMailTo(lucia.email, before);
    expect(warning.subject).toBe(
      'Un código para restablecer la contraseña de tu cuenta de Coach ya no funciona',
    );
    expect(warning.parts.plain).toContain(
      'Un código para restablecer la contraseña que te enviamos se introdujo mal 5 veces',
    );
    expect(warning.parts.plain).toContain('Si has sido tú, pide un código nuevo.');
  });
});
