import { expect, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import english from '../../packages/app/public/locales/en-US/translation.json';
import spanish from '../../packages/app/public/locales/es/translation.json';
import { textsByKey } from '../../packages/app/src/i18n/textsByKey.ts';

const spanishTexts = textsByKey(spanish);

/** The en-US texts that Spanish words otherwise (without variables: those read whole). */
const englishOnly = new Set(
  [...textsByKey(english)]
    .filter(([key, text]) => !text.includes('{{') && spanishTexts.get(key) !== text)
    .map(([, text]) => text),
);

/** What reads like a translation key ('auth.signIn.title') rather than a text. */
const rawKey = /^[a-z]+(\.[a-zA-Z0-9_]+)+$/;

const readAttributes = ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt'];

/**
 * What the app rendered: the story's root and what it portalled into the body (dialogs, toasts,
 * lists), not Storybook's own placeholders (`sb-*`, the docs root).
 */
const appRoots = () =>
  [...document.body.children].filter(
    (element) =>
      !/(^|\s)sb-/.test(element.className) &&
      element.id !== 'storybook-docs' &&
      !['SCRIPT', 'STYLE'].includes(element.tagName),
  );

/** Every text a person or a screen reader meets in the app: text nodes and named attributes. */
function shownTexts(): string[] {
  const texts: string[] = [];
  for (const root of appRoots()) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && !node.parentElement?.closest('script, style')) texts.push(text);
    }
    for (const element of [root, ...root.querySelectorAll('*')]) {
      for (const name of readAttributes) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
  }
  return texts;
}

// A placeholder without a name is decoration (the auth layout's backdrop), not a load under way.
const isLoading = () =>
  appRoots().some((root) => root.querySelector('[aria-busy="true"]:not([aria-label=""])'));

/** Waits until nothing on the page (dialogs and toasts included) is loading. */
export async function untilLoaded() {
  await waitFor(() => expect(isLoading()).toBe(false));
}

/**
 * The page (dialogs and toasts included) once nothing is loading: no raw translation key and no
 * English text of the app anywhere, and these Spanish texts shown.
 */
export async function expectSpanishPage(...expected: string[]) {
  await untilLoaded();
  const texts = shownTexts();
  for (const text of expected) {
    await expect(texts.filter((shown) => shown.includes(text))).not.toHaveLength(0);
  }
  await expect(texts.filter((text) => rawKey.test(text))).toEqual([]);
  await expect(texts.filter((text) => englishOnly.has(text))).toEqual([]);
  await expect(document.documentElement.lang).toBe('es');
}

/** A section of the profile in Spanish, found by its heading (level 2) once its data is in. */
export function findSpanishSection(canvasElement: HTMLElement, heading: string) {
  return within(canvasElement).findByRole(
    'heading',
    { name: heading, level: 2 },
    { timeout: storyWait(8000) },
  );
}
