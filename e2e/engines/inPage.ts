import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Dom from '@testing-library/dom';

/**
 * What the journeys look for on a page, as a user does: an element by its role and accessible
 * name (a heading of a level, a pressed toggle), a form field by its label, or a text. `within`
 * looks inside the elements another query finds (a dialog, the clients table's rows). A query is
 * plain data: it crosses to the page as a script argument, in every engine alike.
 */
export type Query = (
  | {
      role: Dom.ByRoleMatcher & string;
      /** The accessible name, whole (after whitespace is normalised). */
      name?: string;
      /** The accessible name as a regular expression's source, when it is not known whole. */
      nameMatches?: string;
      level?: number;
      pressed?: boolean;
    }
  | { label: string }
  /** A text, whole (after whitespace is normalised), or as a regular expression's source. */
  | { text: string }
  | { textMatches: string }
) & {
  within?: Query;
  /** Only elements whose text matches this regular expression's source (a row with a figure). */
  hasText?: string;
};

/** The queries a page holds once `queriesSource` has run in it. */
type PageQueries = {
  /** The visible elements the query finds, in document order. */
  all: (query: Query) => Element[];
  /** The first of them, or null. */
  first: (query: Query) => Element | null;
  /** The accessible names of the visible elements a role query finds, in document order. */
  names: (query: Query) => string[];
};

/** The page's globals the journeys read: the queries (after `queriesSource` has run). */
export type PageWindow = Window & {
  TestingLibraryDom?: typeof Dom;
  coachE2eQueries?: PageQueries;
};

/**
 * Installs `window.coachE2eQueries`. Runs in the page (serialised with toString, so it uses no
 * name from this module): Testing Library's DOM queries, which the project's component tests use
 * too, so a role and a name mean the same in the journeys as there, in Firefox and WebKit alike.
 * Only visible elements count: what the user sees.
 */
function installQueries() {
  const page = window as PageWindow;
  const dom = page.TestingLibraryDom;
  if (!dom) throw new Error("Testing Library's DOM queries are not in the page");
  const isVisible = (element: Element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  /** Where a query looks: inside every element its `within` finds, or the whole page. */
  const scopesOf = (query: Query): HTMLElement[] =>
    (query.within ? all(query.within) : [document.body]).filter(
      (scope): scope is HTMLElement => scope instanceof HTMLElement,
    );
  /** Testing Library's options of a role query, its name matcher given. */
  const roleOptions = (
    query: Extract<Query, { role: string }>,
    name: Dom.ByRoleOptions['name'],
  ) => ({
    ...(name === undefined ? {} : { name }),
    ...(query.level === undefined ? {} : { level: query.level }),
    ...(query.pressed === undefined ? {} : { pressed: query.pressed }),
  });
  const findIn = (scope: HTMLElement, query: Query): HTMLElement[] => {
    if ('role' in query) {
      const name = query.nameMatches === undefined ? query.name : new RegExp(query.nameMatches);
      return dom.queryAllByRole(scope, query.role, roleOptions(query, name));
    }
    if ('label' in query) return dom.queryAllByLabelText(scope, query.label);
    if ('text' in query) return dom.queryAllByText(scope, query.text);
    return dom.queryAllByText(scope, new RegExp(query.textMatches));
  };
  function all(query: Query): Element[] {
    const { hasText } = query;
    const found = new Set(scopesOf(query).flatMap((scope) => findIn(scope, query)));
    return [...found].filter(
      (element) =>
        isVisible(element) &&
        (hasText === undefined || new RegExp(hasText).test(element.textContent ?? '')),
    );
  }
  const names = (query: Query): string[] => {
    if (!('role' in query)) return [];
    const wanted = new Set(all(query));
    const found: string[] = [];
    // The name matcher sees every candidate's computed name, in document order.
    for (const scope of scopesOf(query)) {
      dom.queryAllByRole(
        scope,
        query.role,
        roleOptions(query, (name, element) => {
          if (element && wanted.delete(element)) found.push(name);
          return false;
        }),
      );
    }
    return found;
  };
  page.coachE2eQueries = { all, first: (query) => all(query)[0] ?? null, names };
}

/**
 * The script that gives a page its queries: Testing Library's browser build (from the root's
 * devDependencies), then `installQueries`. A script the engine runs, not a tag the page loads:
 * the app's Content-Security-Policy allows no inline script, and the engines' script evaluation
 * is not subject to it.
 */
export const queriesSource = `${readFileSync(
  createRequire(import.meta.url).resolve(
    '@testing-library/dom/dist/@testing-library/dom.umd.min.js',
  ),
  'utf8',
)};\n(${installQueries.toString()})();`;
