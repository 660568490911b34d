import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserPasskeys } from './browserPasskeys.ts';

// The library as it behaves: an autofill's ceremony asks the browser only after a check of its
// own (`browserSupportsWebAuthnAutofill`), and `cancelCeremony` aborts whichever ceremony the
// browser runs now.
const library = vi.hoisted(() => {
  const state = {
    events: [] as string[],
    running: null as { reject: (error: Error) => void } | null,
    autofillCheck: null as null | (() => void),
  };
  const abortError = () => Object.assign(new Error('aborted'), { name: 'AbortError' });
  const ask = (kind: string) =>
    new Promise((_resolve, reject) => {
      state.events.push(`${kind} asks the browser`);
      state.running?.reject(abortError());
      state.running = { reject };
    });
  return {
    state,
    browserSupportsWebAuthnAutofill: () =>
      new Promise<boolean>((resolve) => {
        if (state.autofillCheck) {
          // Answers after the library's own check, as the browser answers them in order.
          const before = state.autofillCheck;
          state.autofillCheck = () => {
            before();
            resolve(true);
          };
        } else {
          state.autofillCheck = () => resolve(true);
        }
      }),
    async startAuthentication({ useBrowserAutofill }: { useBrowserAutofill?: boolean }) {
      if (useBrowserAutofill) {
        await library.browserSupportsWebAuthnAutofill();
        return ask('autofill');
      }
      return ask('button');
    },
    WebAuthnAbortService: {
      cancelCeremony() {
        state.events.push('cancelled');
        state.running?.reject(abortError());
        state.running = null;
      },
    },
  };
});
vi.mock('@simplewebauthn/browser', () => library);

const optionsJSON = { challenge: 'Y2hhbGxlbmdl' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  library.state.events = [];
  library.state.running = null;
  library.state.autofillCheck = null;
});

describe('createBrowserPasskeys', () => {
  it('never asks the browser for a ceremony whose signal aborted before it began', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createBrowserPasskeys().authenticate({ optionsJSON, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(library.state.events).toEqual([]);
  });

  it("ends an autofill aborted during the library's own check once it asks the browser", async () => {
    const controller = new AbortController();
    const autofill = createBrowserPasskeys().authenticate({
      optionsJSON,
      useBrowserAutofill: true,
      signal: controller.signal,
    });
    await settle();
    controller.abort();
    expect(library.state.events).toEqual([]);
    library.state.autofillCheck?.();

    await expect(autofill).rejects.toMatchObject({ name: 'AbortError' });
    expect(library.state.events).toEqual(['autofill asks the browser', 'cancelled']);
  });

  it('leaves a newer ceremony alone when an ended one is aborted', async () => {
    const passkeys = createBrowserPasskeys();
    const controller = new AbortController();
    const autofill = passkeys.authenticate({
      optionsJSON,
      useBrowserAutofill: true,
      signal: controller.signal,
    });
    await settle();
    library.state.autofillCheck?.();
    await settle();
    // The button's ceremony takes over (the library aborts the autofill's), then the screen goes.
    const button = passkeys.authenticate({ optionsJSON });
    await expect(autofill).rejects.toMatchObject({ name: 'AbortError' });
    controller.abort();

    expect(library.state.events).toEqual(['autofill asks the browser', 'button asks the browser']);
    expect(library.state.running).not.toBeNull();
    library.state.running?.reject(new Error('done'));
    await expect(button).rejects.toThrow('done');
  });
});
