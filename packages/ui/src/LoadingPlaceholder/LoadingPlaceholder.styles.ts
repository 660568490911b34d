import type { SystemStyleObject } from '@chakra-ui/react';
import { defineStaticStyles, stackCss as stack } from '../theme/staticStyles.ts';

const bone: SystemStyleObject = {
  bg: 'bg.muted',
  borderRadius: 'sm',
  _motionReduce: { animation: 'none' },
};

/** The placeholder's parts: Chakra's skeleton recipe for a bone, stacks and grids around them. */
export const loadingPlaceholderStyles = defineStaticStyles({
  // Chakra's `VisuallyHidden`.
  'placeholder-label': {
    css: {
      border: '0',
      clip: 'rect(0, 0, 0, 0)',
      height: '1px',
      width: '1px',
      margin: '-1px',
      padding: '0',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      position: 'absolute',
    },
  },
  'placeholder-bone': {
    recipe: { key: 'skeleton', variants: { variant: 'pulse', loading: true } },
    css: bone,
  },
  'placeholder-bone-still': {
    recipe: { key: 'skeleton', variants: { variant: 'none', loading: true } },
    css: bone,
  },
  'placeholder-lines': { css: stack('2.5') },
  'placeholder-table': {
    css: { borderWidth: 'thin', borderColor: 'border', borderRadius: 'md', overflow: 'hidden' },
  },
  'placeholder-table-head': { css: { display: 'grid', gap: '4', padding: '3', bg: 'bg.subtle' } },
  'placeholder-table-row': {
    css: {
      display: 'grid',
      gap: '4',
      padding: '3',
      borderTopWidth: 'thin',
      borderColor: 'border',
    },
  },
  'placeholder-screen': { css: stack('6') },
  'placeholder-screen-head': {
    css: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      flexDirection: 'row',
      gap: '4',
    },
  },
  'placeholder-screen-title': { css: { ...stack('2'), flex: '1' } },
  'placeholder-tiles': {
    css: {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fit, minmax(min(10rem, 100%), 1fr))',
      gap: '4',
    },
  },
  'placeholder-tile': {
    css: {
      ...stack('3'),
      padding: '4',
      borderWidth: 'thin',
      borderColor: 'border',
      borderRadius: 'lg',
    },
  },
});
