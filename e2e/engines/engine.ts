/**
 * A browser engine as the journeys drive it: the few things a user does (open an address, click,
 * type, press a key) and a script run in the page to read what it shows. Firefox (puppeteer-core
 * over WebDriver BiDi, firefox.ts) and WebKit (webdriverio over WebKitGTK's WebDriver, webkit.ts)
 * each implement it; the journeys (journeys.ts) are written once against it.
 */
export type Engine = {
  /** 'Firefox' or 'WebKit', as the tests name it. */
  name: string;
  /** A page in a fresh profile (its own local storage and cookies), at 1440x900, en-US, UTC. */
  newPage: (baseUrl: string) => Promise<EnginePage>;
  /** Closes the engine's every process (browser, driver, display). */
  close: () => Promise<void>;
};

/** An element the page answered, to act on as a user: its clicks are the engine's own input. */
export type EngineElement = { click: () => Promise<void> };

/** A key as the page receives it: `KeyboardEvent.key` values. */
type SingleKey = 'Tab' | 'Enter' | 'Escape' | 'End' | 'ArrowRight' | '?' | 'q';

/** A modifier held while another key is pressed. */
export type Modifier = 'Alt' | 'Control';

/** A letter key by its `KeyboardEvent.code`, as a chord presses it. */
type LetterCode = 'KeyJ' | 'KeyK' | 'KeyR' | 'KeyN' | 'KeyF';

/** A key, or a chord ('Alt+KeyJ', 'Control+Enter'): the modifier held while the key is pressed. */
export type Key = SingleKey | `${Modifier}+${LetterCode | 'Enter'}`;

/** A key's modifier (null for a single key) and the key pressed with it. */
export function chordOf(key: Key): { modifier: Modifier | null; key: string } {
  const [first, second] = key.length > 1 ? key.split('+') : [key];
  return second === undefined
    ? { modifier: null, key: first ?? key }
    : { modifier: first as Modifier, key: second };
}

/** Values that cross between Node and the page as script arguments and results. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

export type EnginePage = {
  /** Opens a path of the product (or an address) and waits for its load. */
  goto: (path: string) => Promise<void>;
  reload: () => Promise<void>;
  /** The page's address. */
  url: () => Promise<URL>;
  /** Runs `fn` in the page with `args` and answers its result. */
  evaluate: <A extends Json[], R extends Json | undefined>(
    fn: (...args: A) => R,
    ...args: A
  ) => Promise<R>;
  /** Runs a script's source in the page. */
  run: (source: string) => Promise<void>;
  /** The element `fn` answers in the page, or null. */
  element: <A extends Json[]>(
    fn: (...args: A) => Element | null,
    ...args: A
  ) => Promise<EngineElement | null>;
  /** Presses and releases one key or chord, as typed on a keyboard. */
  press: (key: Key) => Promise<void>;
  /** Types text into the focused element, key by key. */
  type: (text: string) => Promise<void>;
  /** A PNG of the page, for a failed test. */
  screenshot: (file: string) => Promise<void>;
  close: () => Promise<void>;
};
