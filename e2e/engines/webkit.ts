import { type ChildProcess, spawn } from 'node:child_process';
import { Key as Keys, remote } from 'webdriverio';
import { freePort } from '../../packages/server/test/freePort.ts';
import { chordOf, type Engine, type EnginePage, type Json, type Key } from './engine.ts';

/** WebKitGTK's browser for automation (Debian's webkit2gtk-driver brings it with the driver). */
const miniBrowserPath = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The W3C WebDriver web element identifier: the key of an element in a script's answer. */
const elementKey = 'element-6066-11e4-a52e-4f735466cecf';

/** How long a process of the engine may take to start or to stop. */
const processMs = 15_000;
/** How long a WebDriver request may take, a new session (a MiniBrowser's start) included. */
const sessionMs = 30_000;

/** The engine's keys as WebDriver key codes: a letter's code ('KeyJ') types its letter. */
function keyCode(key: string): string {
  const named: Record<string, string> = {
    Tab: Keys.Tab,
    Enter: Keys.Enter,
    Escape: Keys.Escape,
    End: Keys.End,
    ArrowRight: Keys.ArrowRight,
    Alt: Keys.Alt,
    Control: Keys.Control,
  };
  return named[key] ?? (key.startsWith('Key') ? key.slice(3).toLowerCase() : key);
}

/** A key or a chord as WebDriver actions: the modifier down, the key pressed, the modifier up. */
function pressKey(browser: WebdriverIO.Browser, key: Key): Promise<void> {
  const chord = chordOf(key);
  const action = browser.action('key');
  if (chord.modifier) action.down(keyCode(chord.modifier));
  action.down(keyCode(chord.key)).up(keyCode(chord.key));
  if (chord.modifier) action.up(keyCode(chord.modifier));
  return action.perform();
}

/**
 * WebKit: WebKitGTK's MiniBrowser driven by its WebKitWebDriver (W3C WebDriver classic) through
 * webdriverio (Playwright's WebKit cannot be downloaded here). MiniBrowser has no headless mode:
 * it draws on an Xvfb display of its own, whose number Xvfb picks (`-displayfd`), as the driver's
 * port is picked free, so that two runs do not clash. Each page is a WebDriver session of its
 * own: a new MiniBrowser with a fresh profile.
 */
export async function launchWebKit(): Promise<Engine> {
  const processes: ChildProcess[] = [];
  const stopAll = async () => {
    // The driver (and the MiniBrowsers it started) before the display they draw on.
    for (const child of processes.reverse()) await stop(child);
  };
  // A test process that ends without the file's teardown still takes its engine along.
  const onExit = () => {
    for (const child of processes) killGroup(child, 'SIGKILL');
  };
  process.once('exit', onExit);
  try {
    const display = await startXvfb(processes);
    const driver = await startDriver(processes, display);
    return {
      name: 'WebKit',
      newPage: (baseUrl) => webKitPage(driver, baseUrl),
      close: async () => {
        process.off('exit', onExit);
        await stopAll();
      },
    };
  } catch (error) {
    process.off('exit', onExit);
    await stopAll();
    throw error;
  }
}

/** A running WebKitWebDriver: its port, and the end of what it printed (its browsers' output). */
type Driver = { port: number; output: () => string };

async function webKitPage(driver: Driver, baseUrl: string): Promise<EnginePage> {
  const capabilities = {
    browserName: 'MiniBrowser',
    // WebKitGTK's driver refuses a session that asks for BiDi, which webdriverio does unless told.
    'wdio:enforceWebDriverClassic': true,
    // WebKitGTK's own capability (webdriverio's types do not list it).
    'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
  };
  // A request gets 30 s, far more than any takes, and no retry: a MiniBrowser that cannot start
  // fails the test with the driver's output instead of holding it until its time limit.
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driver.port,
    logLevel: 'silent',
    connectionRetryTimeout: sessionMs,
    connectionRetryCount: 0,
    capabilities,
  }).catch((error: unknown) => {
    throw new Error(
      `No WebKit session: ${error instanceof Error ? error.message : String(error)}\nWebKitWebDriver's output (end):\n${driver.output()}`,
    );
  });
  try {
    await browser.setWindowSize(1440, 900);
  } catch (error) {
    await browser.deleteSession();
    throw error;
  }
  return {
    goto: async (path) => {
      await browser.url(new URL(path, baseUrl).toString());
    },
    reload: () => browser.refresh(),
    url: async () => new URL(await browser.getUrl()),
    // Our functions take and answer JSON only: webdriverio's types allow elements too.
    evaluate: <A extends Json[], R>(fn: (...args: A) => R, ...args: A) =>
      browser.execute(fn as (...params: Json[]) => R, ...args) as Promise<R>,
    run: async (source) => {
      await browser.execute(source);
    },
    element: async (fn, ...args) => {
      const answer: unknown = await browser.execute(fn as (...params: Json[]) => unknown, ...args);
      const id =
        answer !== null && typeof answer === 'object'
          ? (answer as Record<string, unknown>)[elementKey]
          : undefined;
      if (typeof id !== 'string') return null;
      return { click: () => browser.elementClick(id) };
    },
    press: (key) => pressKey(browser, key),
    // Key by key as actions: `keys` drops a space that follows a punctuation mark in WebKitGTK.
    type: async (text) => {
      const action = browser.action('key');
      for (const character of text) action.down(character).up(character);
      await action.perform();
    },
    screenshot: async (file) => {
      await browser.saveScreenshot(file);
    },
    close: () => browser.deleteSession(),
  };
}

/** Starts Xvfb on the first free display and answers its number. */
async function startXvfb(processes: ChildProcess[]): Promise<string> {
  // -noreset: by default Xvfb resets when its last client leaves (a test's MiniBrowser closing)
  // and refuses the next test's MiniBrowser while it does ('cannot open display'), for which the
  // driver then waits without end: seen when the machine was busy.
  const args = ['-displayfd', '3', '-nolisten', 'tcp', '-noreset', '-screen', '0', '1920x1080x24'];
  const xvfb = spawn('Xvfb', args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  processes.push(xvfb);
  const errors = collect(xvfb.stderr);
  return new Promise<string>((resolve, reject) => {
    let written = '';
    const timer = setTimeout(
      () => reject(new Error(`Xvfb gave no display in ${processMs} ms`)),
      processMs,
    );
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (written.includes('\n')) {
        clearTimeout(timer);
        resolve(written.trim());
      }
    });
    xvfb.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb ended (${code}) before it gave a display:\n${errors()}`));
    });
  });
}

/**
 * Starts WebKitWebDriver on a free port for the display and answers the port once the driver
 * answers its status. The port is free when picked; should another process take it before the
 * driver does, the driver ends and another port is tried.
 */
async function startDriver(processes: ChildProcess[], display: string): Promise<Driver> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
      env: {
        ...process.env,
        DISPLAY: `:${display}`,
        // English and UTC, as the other journeys' pages are (MiniBrowser inherits the driver's).
        TZ: 'UTC',
        LANG: 'C.UTF-8',
        LANGUAGE: 'en_US',
        // Without a GPU, accelerated compositing leaves CSS animations unfinished until something
        // repaints the page: a closing dialog's exit animation never ends, and it stays open.
        WEBKIT_DISABLE_COMPOSITING_MODE: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    const errors = collect(driver.stderr);
    let ended = false;
    driver.once('exit', () => {
      ended = true;
    });
    driver.once('error', (error) => {
      ended = true;
      lastError = error;
    });
    const deadline = Date.now() + processMs;
    while (!ended && Date.now() < deadline) {
      if (await answersStatus(port)) {
        processes.push(driver);
        return { port, output: errors };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!ended) {
      processes.push(driver);
      throw new Error(
        `WebKitWebDriver did not answer on port ${port} in ${processMs} ms:\n${errors()}`,
      );
    }
    lastError ??= new Error(`WebKitWebDriver ended on port ${port}:\n${errors()}`);
  }
  throw lastError;
}

async function answersStatus(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/status`);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** The last of what a stream printed, for an error. */
function collect(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4000);
  });
  return () => text;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Its process group: the driver's MiniBrowsers and their web processes too.
    process.kill(-child.pid, signal);
  } catch {
    // gone already
  }
}

/** Ends a process's group, killing it when it has not ended in time. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), processMs);
  await ended;
  clearTimeout(timer);
}
