import { coachGlobalCss } from './globalCss.generated.ts';

const MARKER = 'data-coach-global';

/**
 * Puts the Coach global CSS (layer order, preflight, global styles, token variables) in the
 * document, once, where CSS is not bundled: tests in jsdom, Storybook's preview. An app bundles
 * the same CSS as the stylesheet `@coach/ui/global.css` instead, so its JavaScript does not carry
 * it. Both are generated from `coachSystem` ahead of time (globalCss.test.tsx checks they are what
 * Chakra's provider would insert): emotion never serialises, hashes and compiles those styles
 * before a first paint. It goes first in `head`, before the components' styles, so its layer
 * order comes first.
 */
export function insertGlobalCss(document: Document) {
  if (document.head.querySelector(`style[${MARKER}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = coachGlobalCss;
  document.head.prepend(style);
}
