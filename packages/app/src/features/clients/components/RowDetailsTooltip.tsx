import { Box } from '@chakra-ui/react';
import { type FocusEvent, useEffect, useState } from 'react';

type Shown = { row: HTMLTableRowElement; lines: string[] };
type Place = { left: number; top: number; isAbove: boolean };

/** The focused data row's details (its name cell's title, one line each), or null. */
function detailsOf(target: EventTarget | null): Shown | null {
  if (!(target instanceof HTMLTableRowElement) || target.dataset.kind !== 'data') return null;
  const title = target.querySelector<HTMLElement>('[data-row-details]')?.title ?? '';
  return title === '' ? null : { row: target, lines: title.split('\n') };
}

/** Under the row, from its start; above it when the window has no room below. */
function placeOf(row: HTMLTableRowElement): Place {
  const box = row.getBoundingClientRect();
  const isAbove = box.bottom > window.innerHeight * 0.6;
  return { left: box.left, top: isAbove ? box.top : box.bottom, isAbove };
}

/**
 * The whole of a focused row's texts in a tooltip, for the keyboard (a pointer has the cells'
 * titles): a row of two lines cuts them. Escape hides it; it follows its row as the list scrolls.
 * It is for the eye only: the same texts are in the row's accessible name.
 */
export function useRowDetailsTooltip() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [place, setPlace] = useState<Place | null>(null);
  useEffect(() => {
    if (!shown) return;
    const follow = () => setPlace(placeOf(shown.row));
    follow();
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [shown]);
  const handlers = {
    onFocus: (event: FocusEvent) => setShown(detailsOf(event.target)),
    onBlur: () => setShown(null),
    onKeyDown: (event: { key: string }) => {
      if (event.key === 'Escape') setShown(null);
    },
  };
  const tooltip =
    shown && place ? (
      <Box
        aria-hidden
        data-testid="row-details"
        position="fixed"
        zIndex="tooltip"
        left={`${place.left}px`}
        top={`${place.top}px`}
        transform={place.isAbove ? 'translateY(-100%)' : undefined}
        maxWidth="min(40rem, 90vw)"
        marginBlock="1"
        paddingInline="3"
        paddingBlock="2"
        borderRadius="md"
        boxShadow="md"
        bg="bg.inverted"
        color="fg.inverted"
        textStyle="xs"
        pointerEvents="none"
        overflowWrap="anywhere"
      >
        {shown.lines.map((line, index) => (
          // The lines are the row's, in a fixed order: their index is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Box key={index} dir="auto" fontWeight={index === 0 ? 'semibold' : undefined}>
            {line}
          </Box>
        ))}
      </Box>
    ) : null;
  return { handlers, tooltip };
}
