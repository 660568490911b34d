import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Style of a cell of a pinned column: it sticks to the start edge while the others scroll
 * sideways under it, so it needs an opaque background and a line at its edge.
 */
export function pinnedCellStyle(isPinned: boolean | undefined, bg = 'bg'): SystemStyleObject {
  if (!isPinned) return {};
  return {
    position: 'sticky',
    insetInlineStart: '0',
    bg,
    borderInlineEndWidth: 'thin',
    borderInlineEndColor: 'border',
  };
}
