import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Styles of the data rows and their cells, set once on the body and reaching the rows through
 * selectors: the rows are plain `tr`/`td` elements, so a re-sort or a scroll creates no style
 * object and serialises no CSS per cell. The values are those of Chakra's table recipe
 * (variant `line`, size `md`) plus the pinned column, the clickable rows and the focus ring.
 */
export const dataRowsCss: SystemStyleObject = {
  '& > tr[data-kind="data"]': { bg: 'bg' },
  '& > tr[data-kind="data"] > td': {
    textAlign: 'start',
    borderBottomWidth: '1px',
    paddingInline: '3',
    paddingBlock: '3',
    overflowWrap: 'anywhere',
  },
  '& > tr[data-kind="data"] > td[data-align="end"]': { textAlign: 'end' },
  '& > tr[data-kind="data"] > td[data-align="center"]': { textAlign: 'center' },
  // A pinned cell sticks to the start edge above the cells scrolling under it.
  '& > tr[data-kind="data"] > td[data-pinned]': {
    position: 'sticky',
    insetInlineStart: '0',
    zIndex: '1',
    bg: 'bg',
    borderInlineEndWidth: 'thin',
    borderInlineEndColor: 'border',
  },
  '& > tr[data-clickable]': { cursor: 'pointer' },
  '& > tr[data-clickable]:hover, & > tr[data-clickable]:hover > td[data-pinned]': {
    bg: 'bg.subtle',
  },
  // Drawn inside the row: an outline outside it is clipped by the scroll container.
  '& > tr[data-kind="data"]:focus-visible': {
    outlineWidth: '0.125rem',
    outlineStyle: 'solid',
    outlineColor: 'accent',
    outlineOffset: '-0.125rem',
  },
};
