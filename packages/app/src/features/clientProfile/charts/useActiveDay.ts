import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import { isShortcutKey } from '../../../core/shortcuts/index.ts';

/** The day a key moves the tooltip to (from none: the last day), or null for another key. */
function keyMove(key: string, from: number | null, count: number): number | null {
  const start = from ?? count;
  let next: number;
  if (isShortcutKey('previousDay', key)) next = start - 1;
  else if (isShortcutKey('nextDay', key)) next = start + 1;
  else if (isShortcutKey('firstDay', key)) next = 0;
  else if (isShortcutKey('lastDay', key)) next = count - 1;
  else return null;
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * The day the tooltip shows, by index: the one under the pointer (days `band` wide), or moved by
 * the arrow keys, Home and End; none once the pointer leaves or the focus goes.
 */
export function useActiveDay(count: number, band: number) {
  const [active, setActive] = useState<number | null>(null);

  const handlePointerMove = (event: PointerEvent<SVGRectElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = Math.floor((event.clientX - left) / Math.max(band, 1e-6));
    setActive(Math.min(count - 1, Math.max(0, index)));
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = keyMove(event.key, active, count);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };
  const clearActive = () => setActive(null);

  return { active, handlePointerMove, handleKeyDown, clearActive };
}
