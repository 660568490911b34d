import { matchPath } from 'react-router';
import type { ScreenLoader } from '../core/lazyScreens/index.ts';
import { paths } from '../core/navigation/index.ts';

/** The pages a signed-out visitor sees instead of the sign-in screen. */
const publicPaths = [paths.changePassword, paths.invite, paths.secure];

/**
 * Starts loading the sign-in screen's code as the app starts, when the page will show it: no
 * stored session, and not one of the public pages. Its code then arrives beside the translations
 * rather than after them (the routes render once those are in).
 */
export function preloadSignInScreen(
  signIn: ScreenLoader,
  { hasStoredSession, pathname }: { hasStoredSession: boolean; pathname: string },
) {
  if (hasStoredSession || publicPaths.some((path) => matchPath(path, pathname))) return;
  signIn.preload();
}
