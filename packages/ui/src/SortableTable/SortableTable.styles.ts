import type { SystemStyleObject } from '@chakra-ui/react';
import { defineStaticStyles, type StaticStyle } from '../theme/staticStyles.ts';
import { dataRowsCss } from './tableStyles.ts';

/** A part of Chakra's table slot recipe as the table has it: variant `line`, size `md`. */
const part = (slot: string, css?: SystemStyleObject): StaticStyle => ({
  recipe: { key: 'table', slot, variants: { variant: 'line', size: 'md' } },
  css,
});

const pinned = (bg: string): SystemStyleObject => ({
  position: 'sticky',
  insetInlineStart: '0',
  bg,
  borderInlineEndWidth: 'thin',
  borderInlineEndColor: 'border',
});

/**
 * The table's parts, made ahead of time: a render, a scroll or a re-sort resolves no style. A
 * modifier (alignment, pinned, sorted) is a class of its own after the part's, written after it.
 */
export const sortableTableStyles = defineStaticStyles({
  // The scroll box, focusable so keyboard users can scroll it.
  'table-scroll': {
    css: {
      overflow: 'auto',
      border: 'sm',
      borderColor: 'border',
      borderRadius: 'md',
      focusVisibleRing: 'outside',
      focusRingColor: 'accent',
    },
  },
  table: part('root', { tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: '0' }),
  'table-caption': part('caption', {
    captionSide: 'top',
    textAlign: 'start',
    textStyle: 'sm',
    paddingInline: '3',
    paddingBlock: '2',
    color: 'fg',
  }),
  'table-header': part('header'),
  'table-row': part('row'),
  'table-head-cell': part('columnHeader', {
    position: 'sticky',
    top: '0',
    bg: 'bg',
    color: 'fg.muted',
    verticalAlign: 'bottom',
    zIndex: '1',
  }),
  // A pinned header stays above the scrolled header cells and the pinned body cells.
  'table-head-cell-pinned': { css: { zIndex: '2', ...pinned('bg') } },
  'table-sort': {
    css: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      width: 'full',
      font: 'inherit',
      color: 'inherit',
      textAlign: 'inherit',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { color: 'fg' },
      focusVisibleRing: 'outside',
      focusRingColor: 'accent',
    },
  },
  'table-sort-sorted': { css: { color: 'fg' } },
  'table-sort-idle-icon': { css: { color: 'fg.subtle', display: 'inline-flex' } },
  'table-body': part('body'),
  // The data rows are plain `tr`/`td`: their styles reach them from the body.
  'table-body-data': { css: dataRowsCss },
  'table-cell': part('cell'),
  'table-custom-row': { css: { bg: 'bg.subtle' } },
  'table-custom-cell': { css: { fontWeight: 'medium' } },
  'table-custom-cell-pinned': { css: { zIndex: '1', ...pinned('bg.subtle') } },
  'table-empty-cell': { css: { textAlign: 'center', color: 'fg.muted', paddingBlock: '8' } },
  // Still for a coach who asks for less motion, as LoadingPlaceholder's bones.
  'table-loading-bone': {
    recipe: { key: 'skeleton', variants: { variant: 'pulse', loading: true } },
    css: { height: '4', _motionReduce: { animation: 'none' } },
  },
  // Alignment of a column's cells, after every part that sets one.
  'table-align-start': { css: { textAlign: 'start' } },
  'table-align-center': { css: { textAlign: 'center' } },
  'table-align-end': { css: { textAlign: 'end' } },
  'table-justify-start': { css: { justifyContent: 'flex-start' } },
  'table-justify-center': { css: { justifyContent: 'center' } },
  'table-justify-end': { css: { justifyContent: 'flex-end' } },
});
