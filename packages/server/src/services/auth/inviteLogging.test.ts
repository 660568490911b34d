import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUserWithProfile, signInForTest } from '../../../test/auth.ts';
import { startTestServer, type TestServer } from '../../../test/testServer.ts';

// The invite link's token is a bearer secret: it travels in the mailed URL of the single page
// (`/invite?token=...`, served by this same server) and in the bodies of check and accept. No
// log line may hold it, whichever way it came.

const lines: string[] = [];
const staticDir = mkdtempSync(join(tmpdir(), 'coach-invite-page-'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Coach</title>');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    services: ['auth'],
    logStream: { write: (line) => lines.push(line) },
    config: { staticDir },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('invite tokens in the log', () => {
  it('never logs a token: the page URL, checking, accepting, resending', async () => {
    const coach = await createUserWithProfile(server.database, {
      email: 'coach.logs@example.com',
      password: 'Coach123!',
      type: 'coach',
    });
    const coachToken = await signInForTest(server, coach.userId);
    const created = await callApi(server.baseUrl, 'POST', '/api/auth/invites', {
      token: coachToken,
      body: { email: 'invitee.logs@example.com' },
    });
    expect(created.status).toBe(201);
    const resent = await callApi(
      server.baseUrl,
      'POST',
      `/api/auth/invites/${(created.body as { id: string }).id}/resend`,
      { token: coachToken },
    );
    expect(resent.status).toBe(200);
    const tokens = (await server.mailSink.waitFor(2)).map((mail) => {
      const link = /\/invite\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];
      if (!link) throw new Error('no invite link in the mail');
      return decodeURIComponent(link);
    });
    const [oldToken = '', token = ''] = tokens;
    const unknownToken = `unknown-${crypto.randomUUID()}`;

    for (const candidate of [token, unknownToken]) {
      const page = await fetch(`${server.baseUrl}/invite?token=${encodeURIComponent(candidate)}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Coach</title>');
    }
    const call = (path: string, body: unknown) =>
      callApi(server.baseUrl, 'POST', `/api/auth${path}`, { body });
    expect((await call('/invites/check', { token: unknownToken })).status).toBe(404);
    expect((await call('/invites/check', { token: oldToken })).status).toBe(404);
    expect((await call('/invites/check', { token })).status).toBe(200);
    const acceptBody = { token, firstName: 'Nia', lastName: 'Logs' };
    expect((await call('/invites/accept', { ...acceptBody, password: 'weak' })).status).toBe(400);
    expect((await call('/invites/accept', { ...acceptBody, password: 'Welcome123' })).status).toBe(
      200,
    );
    expect((await call('/invites/check', { token })).status).toBe(409);

    const log = lines.join('\n');
    // The calls were logged: the page's address with its query names only.
    expect(log).toContain('/invite?token=[redacted]');
    expect(log).toContain('/api/auth/invites/check');
    for (const secret of [token, oldToken, unknownToken]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });

  it("answers the page, a refusal and an unknown address without Node's warning of a listener leak", async () => {
    const warnings: string[] = [];
    const keep = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', keep);
    try {
      const page = await fetch(`${server.baseUrl}/invite?token=whatever`);
      expect(page.status).toBe(200);
      await page.text();
      const asset = await fetch(`${server.baseUrl}/assets/gone-1234.js`);
      expect(asset.status).toBe(404);
      await asset.text();
      const refused = await callApi(server.baseUrl, 'POST', '/api/auth/invites/check', {
        body: { token: 'unknown' },
      });
      expect(refused.status).toBe(404);
      // Node emits its warnings on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('warning', keep);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceeded'))).toEqual([]);
  });
});
