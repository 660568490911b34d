import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactsDir } from '../harness/browser.ts';
import type { Engine, Key } from './engine.ts';
import { setUpEngine } from './harness.ts';
import type { Query } from './inPage.ts';
import { loadedClients, signInAsCoach } from './journeys.ts';
import { type Screen, waitUntil } from './screen.ts';

// The coach's day from the keyboard (issue 66): the product's clock 30 hours after its demo data
// was made, so that every client is silent and flagged; from My clients one key opens the first
// client of the attention queue, and for ten clients the coach types a message, sends it with
// Ctrl+Enter and marks the client reviewed for today, which opens the next one. Written once for
// every engine (Chromium, Firefox, WebKit), each file with a product of its own.

const clientsCount = 10;
const queueBar: Query = { role: 'navigation', name: 'Attention queue' };
const composer: Query = { role: 'textbox', nameMatches: '^Message to ' };
const queueButton: Query = { role: 'button', nameMatches: '^Work through the queue \\(\\d+\\)$' };

/** The count on the list's queue button. */
async function queueCount(screen: Screen): Promise<number> {
  const label = await screen.text(queueButton);
  return Number(label?.match(/\((\d+)\)/)?.[1] ?? Number.NaN);
}

/** The attention queue cleared from the keyboard in `engine`. */
export function describeQueueJourney(name: string, launch: () => Promise<Engine>) {
  describe(`${name}: the attention queue`, () => {
    // Hooks of this describe: its product and engine start and stop around its test alone.
    const e2e = setUpEngine(launch, { testNow: new Date(Date.now() + 30 * 3_600_000) });

    it('clears ten flagged clients with the keyboard alone, one message each', async () => {
      const screen = await e2e.newScreen();
      await signInAsCoach(screen, e2e);
      await loadedClients(screen);
      const before = await queueCount(screen);
      expect(before).toBeGreaterThanOrEqual(clientsCount);

      let keystrokes = 0;
      const press = async (key: Key) => {
        keystrokes += 1;
        await screen.press(key);
      };
      const appMs: number[] = [];
      let startedAt = Date.now();
      await press('q');
      const seen = new Set<string>();
      for (let index = 0; index < clientsCount; index += 1) {
        // The next client is on screen with the focus in the composer: the app's part is done.
        await screen.waitFor({ ...queueBar, hasText: `1 of ${before - index}` });
        await waitUntil('the focus in the composer', () => screen.isFocused(composer));
        appMs.push(Date.now() - startedAt);
        const path = await screen.path();
        expect(seen.has(path), `${path} opened twice`).toBe(false);
        seen.add(path);
        const text = `Checking in, note ${index + 1}.`;
        await screen.page.type(text);
        await press('Control+Enter');
        await screen.waitFor({ text, within: { role: 'log', nameMatches: '^Messages with ' } });
        startedAt = Date.now();
        await press('Alt+KeyR');
        if (index < clientsCount - 1) {
          await waitUntil('the next client', async () => (await screen.path()) !== path);
        }
      }
      await screen.goto('/clients');
      await loadedClients(screen);
      await waitUntil('the queue less the ten', async () =>
        (await queueCount(screen)) === before - clientsCount ? true : undefined,
      );
      expect(
        (await screen.texts({ text: 'Reviewed today', within: { role: 'table', name: 'Clients' } }))
          .length,
      ).toBe(clientsCount);

      // Keystrokes beyond the text typed, per client, and the app's time from a key to the next
      // client ready to write to: the figures of the closing note.
      const figures = {
        engine: name,
        clients: clientsCount,
        queueBefore: before,
        keystrokesPerClient: keystrokes / clientsCount,
        appMsPerClient: Math.round(appMs.reduce((sum, ms) => sum + ms, 0) / appMs.length),
        appMsWorst: Math.max(...appMs),
      };
      mkdirSync(artifactsDir, { recursive: true });
      writeFileSync(
        join(artifactsDir, `queue-journey-${name.toLowerCase()}.json`),
        `${JSON.stringify(figures, null, 2)}\n`,
      );
      console.log(`queue journey: ${JSON.stringify(figures)}`);
      expect(figures.keystrokesPerClient).toBeLessThanOrEqual(3);
    });
  });
}
