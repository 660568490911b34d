import type { EngineElement, EnginePage, Json, Key } from './engine.ts';
import { type PageWindow, type Query, queriesSource } from './inPage.ts';

/**
 * How long a journey waits for what it expects: a hang is caught, a slow machine is not (the
 * Playwright journeys give their locators 10 s too).
 */
const waitMs = 10_000;
/** How often a wait looks again. */
const pollMs = 100;

/**
 * Looks again and again until `check` answers something other than undefined or false, and
 * answers it; fails with `what` after `timeoutMs`. A check that throws (the page between two
 * documents, say) is tried again: its last error is in the failure.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = waitMs,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const answer = await check();
      if (answer !== undefined && answer !== false) return answer;
      last = answer;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`Waited ${timeoutMs} ms for ${what} (last: ${detail})`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** How a query reads in a failure: `button 'Save'`, `label 'Email'`. */
function describeQuery(query: Query): string {
  const inside =
    (query.hasText === undefined ? '' : ` with text /${query.hasText}/`) +
    (query.within ? ` in ${describeQuery(query.within)}` : '');
  if ('label' in query) return `field labelled '${query.label}'${inside}`;
  if ('text' in query) return `text '${query.text}'${inside}`;
  if ('textMatches' in query) return `text /${query.textMatches}/${inside}`;
  const name = query.name ?? (query.nameMatches === undefined ? '' : `/${query.nameMatches}/`);
  const level = query.level === undefined ? '' : ` (level ${query.level})`;
  return `${query.role}${level} '${name}'${inside}`;
}

/**
 * A page as the journeys use it: what a user finds (roles and names, labels, texts), clicks, types
 * and reads, each find waiting until it shows. The page's queries (inPage.ts) are put back
 * whenever a new document has replaced the one that had them.
 */
export type Screen = ReturnType<typeof onScreen>;

export function onScreen(page: EnginePage) {
  /** Runs `fn` in the page once the queries are there. */
  const withQueries = async <A extends Json[], R extends Json | undefined>(
    fn: (...args: A) => R,
    ...args: A
  ): Promise<R> => {
    if (!(await page.evaluate(() => 'coachE2eQueries' in window))) await page.run(queriesSource);
    return page.evaluate(fn, ...args);
  };
  const find = async (query: Query): Promise<EngineElement | null> => {
    await withQueries(() => undefined);
    return page.element(
      (q) => (window as PageWindow).coachE2eQueries?.first(q as Query) ?? null,
      query,
    );
  };
  const count = (query: Query) =>
    withQueries((q) => (window as PageWindow).coachE2eQueries?.all(q as Query).length ?? 0, query);
  /** Waits until the query finds an element, and answers it. */
  const waitFor = (query: Query, timeoutMs = waitMs) =>
    waitUntil(
      `the ${describeQuery(query)}`,
      async () => (await find(query)) ?? undefined,
      timeoutMs,
    );
  return {
    page,
    find,
    count,
    waitFor,
    /** Waits until the query finds nothing (a dialog closed, a screen left). */
    waitForGone: async (query: Query) => {
      try {
        await waitUntil(
          `the ${describeQuery(query)} to go`,
          async () => (await count(query)) === 0,
        );
      } catch (error) {
        // What holds it there: its state (open, or closed and animating out) and its animations.
        const state = await withQueries((q) => {
          const element = (window as PageWindow).coachE2eQueries?.first(q as Query);
          if (!element) return 'gone by now';
          const animations = element.getAnimations({ subtree: true }).map((animation) => {
            const name =
              animation instanceof CSSAnimation ? animation.animationName : animation.id || '?';
            return `${name} ${animation.playState} at ${String(animation.currentTime)}`;
          });
          const stated = element.closest('[data-state]')?.getAttribute('data-state') ?? 'none';
          return `data-state ${stated}; focus in it ${element.contains(document.activeElement)}; animations: ${animations.join(', ') || 'none'}`;
        }, query).catch((reason: unknown) => `unknown (${String(reason)})`);
        throw new Error(`${error instanceof Error ? error.message : String(error)}; ${state}`);
      }
    },
    click: async (query: Query) => (await waitFor(query)).click(),
    /** Replaces a field's value by typing, as a user does: its text selected, then typed over. */
    fill: async (query: Query, text: string) => {
      await (await waitFor(query)).click();
      const selected = await withQueries((q) => {
        const field = (window as PageWindow).coachE2eQueries?.first(q as Query);
        if (!(field instanceof HTMLInputElement) || document.activeElement !== field) return false;
        field.select();
        return true;
      }, query);
      if (!selected) throw new Error(`The ${describeQuery(query)} did not take the focus`);
      await page.type(text);
    },
    /** The text the first element shows (whitespace normalised), waiting until it is there. */
    text: async (query: Query) => {
      await waitFor(query);
      return withQueries(
        (q) =>
          (window as PageWindow).coachE2eQueries
            ?.first(q as Query)
            ?.textContent?.replace(/\s+/g, ' ')
            .trim() ?? null,
        query,
      );
    },
    /** The texts of every element found, in order. */
    texts: (query: Query) =>
      withQueries(
        (q) =>
          (window as PageWindow).coachE2eQueries
            ?.all(q as Query)
            .map((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? '') ?? [],
        query,
      ),
    /** The accessible names of what a role query finds (the clients' pictures: their names). */
    names: (query: Query) =>
      withQueries((q) => (window as PageWindow).coachE2eQueries?.names(q as Query) ?? [], query),
    /** A field's value, waiting until the field is there. */
    value: async (query: Query) => {
      await waitFor(query);
      return withQueries((q) => {
        const field = (window as PageWindow).coachE2eQueries?.first(q as Query);
        return field instanceof HTMLInputElement ? field.value : null;
      }, query);
    },
    /** An attribute of the first element (an ARIA state such as `aria-sort`). */
    attribute: (query: Query, name: string) =>
      withQueries(
        (q, attribute) =>
          (window as PageWindow).coachE2eQueries?.first(q as Query)?.getAttribute(attribute) ??
          null,
        query,
        name,
      ),
    /** Whether the keyboard focus is on the first element the query finds. */
    isFocused: (query: Query) =>
      withQueries((q) => {
        const element = (window as PageWindow).coachE2eQueries?.first(q as Query);
        return element !== null && element !== undefined && element === document.activeElement;
      }, query),
    /** Whether the keyboard focus is inside the first element the query finds. */
    hasFocusWithin: (query: Query) =>
      withQueries(
        (q) =>
          (window as PageWindow).coachE2eQueries
            ?.first(q as Query)
            ?.contains(document.activeElement) ?? false,
        query,
      ),
    /**
     * Waits until what the query finds has stopped moving (a dialog's opening animation has run
     * out), as a user waits to see it whole before acting on it.
     */
    waitForStill: (query: Query) =>
      waitUntil(`the ${describeQuery(query)} to stop moving`, () =>
        withQueries((q) => {
          const element = (window as PageWindow).coachE2eQueries?.first(q as Query);
          if (!element) return false;
          return element
            .getAnimations({ subtree: true })
            .every((animation) => animation.playState !== 'running');
        }, query),
      ),
    press: (key: Key) => page.press(key),
    goto: (path: string) => page.goto(path),
    reload: () => page.reload(),
    path: async () => (await page.url()).pathname,
  };
}
