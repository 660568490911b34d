import { coachGlobalCss } from './globalCss.generated.ts';

const MARKER = 'data-coach-global';

/**
 * Puts the Coach global CSS (layer order, preflight, global styles, token variables) in the
 * document, once. It is generated from `coachSystem` ahead of time (globalCss.test.tsx checks
 * it is what Chakra's provider would insert): emotion no longer serialises, hashes and compiles
 * those styles before every first paint, the browser parses them as one stylesheet.
 * It goes first in `head`, where emotion puts its global styles, before the components' styles.
 */
export function insertGlobalCss(document: Document) {
  if (document.head.querySelector(`style[${MARKER}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = coachGlobalCss;
  document.head.prepend(style);
}
