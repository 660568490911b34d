import type { SystemStyleObject } from '@chakra-ui/react';
import { defineStaticStyles } from '../theme/staticStyles.ts';

const screen: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  bg: 'bg.subtle',
  color: 'fg',
  overflowY: 'auto',
  padding: { base: '6', md: '10' },
  gap: '8',
};

/** The blocking screen's parts; its title takes Chakra's heading recipe. */
export const blockingScreenStyles = defineStaticStyles({
  'blocking-screen': {
    css: { position: 'fixed', inset: '0', zIndex: 'overlay', minHeight: '100dvh', ...screen },
  },
  'blocking-screen-contained': { css: { position: 'relative', minHeight: '100%', ...screen } },
  'blocking-screen-logo': { css: { flexShrink: 0 } },
  'blocking-screen-body': {
    css: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexDirection: 'column',
      gap: '4',
      flex: '1',
      textAlign: 'center',
      marginInline: 'auto',
      maxWidth: '32rem',
      width: 'full',
    },
  },
  'blocking-screen-icon': {
    css: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      boxSize: '16',
      borderRadius: 'full',
      bg: 'accent.subtle',
      color: 'accent',
      fontSize: '3xl',
    },
  },
  'blocking-screen-title': {
    recipe: { key: 'heading', variants: { size: 'xl' } },
    css: {
      fontSize: { base: 'xl', sm: '2xl' },
      lineHeight: 'short',
      fontWeight: 'semibold',
      overflowWrap: 'anywhere',
    },
  },
  'blocking-screen-message': {
    css: { fontSize: 'lg', color: 'fg.muted', overflowWrap: 'anywhere' },
  },
});
