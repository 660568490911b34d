import type { StaticStyles } from '@coach/ui/static-css';
import { formNoticeStyles } from './core/forms/FormNotice.styles.ts';
import { layoutStyles } from './core/layout/components/layout.styles.ts';
import { screenLoadErrorStyles } from './core/lazyScreens/components/ScreenLoadError.styles.ts';
import { signInStyles } from './features/auth/components/signIn.styles.ts';

/**
 * Every static style of the app: what the first route shows (the signed-out layout, the sign-in
 * screen) and what must show without Chakra (a screen whose code failed to load). Their CSS is
 * made ahead of time into styles/static.css by staticCss.test.ts; main.tsx bundles it.
 */
export const appStaticStyles: StaticStyles = {
  ...layoutStyles,
  ...formNoticeStyles,
  ...screenLoadErrorStyles,
  ...signInStyles,
};
