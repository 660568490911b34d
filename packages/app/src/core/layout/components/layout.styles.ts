import { defineStaticStyles } from '@coach/ui/static-css';

/** The signed-out layout, the logo and the text link. */
export const layoutStyles = defineStaticStyles({
  'auth-layout': {
    css: { position: 'relative', minHeight: '100dvh', bg: 'bg.subtle', overflow: 'hidden' },
  },
  // The decorative skeleton of the app behind the card.
  'auth-backdrop': {
    css: { position: 'absolute', inset: '0', padding: '12', opacity: '0.6', pointerEvents: 'none' },
  },
  'auth-main': {
    css: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      minHeight: '100dvh',
      padding: { base: '4', md: '8' },
      // On a phone (the invite page) the card starts under the logo, not over it.
      paddingTop: { base: '20', md: '8' },
    },
  },
  'auth-card': {
    css: {
      bg: 'bg',
      borderRadius: 'xl',
      borderWidth: 'thin',
      borderColor: 'border',
      boxShadow: 'lg',
      padding: { base: '6', sm: '10' },
      width: 'full',
      maxWidth: '28rem',
    },
  },
  'auth-logo': { css: { position: 'absolute', top: '6', left: '8' } },
  logo: {
    css: {
      display: 'flex',
      alignItems: 'center',
      flexDirection: 'row',
      gap: '2',
      fontSize: '2xl',
      fontWeight: 'bold',
      color: 'accent.emphasized',
    },
  },
  'logo-link': { css: { display: 'inline-flex', borderRadius: 'md', focusVisibleRing: 'outside' } },
  'text-link': {
    css: {
      fontWeight: 'medium',
      color: 'accent.emphasized',
      textDecoration: 'underline',
      borderRadius: 'sm',
      focusVisibleRing: 'outside',
    },
  },
  'text-link-sm': { css: { fontSize: 'sm' } },
});
