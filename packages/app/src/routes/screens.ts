import { withDesignSystem } from '../core/designSystem/index.ts';
import { lazyScreen, type ScreenLoader } from '../core/lazyScreens/lazyScreen.tsx';
import { paths } from '../core/navigation/index.ts';

/**
 * Each screen's code, loaded on demand (requirements R2.4). The sign-in screen is static; the
 * screens in the signed-out card bring Chakra's provider with them (`withDesignSystem`), and the
 * signed-in ones find it in their layout, which brings it (decision 83).
 */
export const screens = {
  signIn: lazyScreen(() => import('../features/auth/components/SignInScreen.tsx')),
  changePassword: lazyScreen(
    withDesignSystem(() => import('../features/passwordReset/components/PasswordResetScreen.tsx')),
  ),
  signedInLayout: lazyScreen(
    withDesignSystem(() => import('../core/layout/components/SignedInLayout.tsx')),
  ),
  clients: lazyScreen(() => import('../features/clients/components/ClientsScreen.tsx')),
  client: lazyScreen(() => import('../features/clientProfile/ClientProfileScreen.tsx')),
  settings: lazyScreen(() => import('../features/settings/SettingsScreen.tsx')),
  // '/queue' opens the queue's first client: its code with the client's screen, never the sign-in's.
  queue: lazyScreen(() => import('../core/attentionQueue/components/QueueStart.tsx')),
  enrolment: lazyScreen(
    withDesignSystem(() => import('../features/settings/signInMethods/EnrolmentScreen.tsx')),
  ),
  invite: lazyScreen(
    withDesignSystem(
      () => import('../features/inviteAcceptance/components/InviteAcceptanceScreen.tsx'),
    ),
  ),
  secure: lazyScreen(
    withDesignSystem(() => import('../features/securityLink/components/SecurityLinkScreen.tsx')),
  ),
};

const screensByPath = new Map<string, ScreenLoader>([
  [paths.root, screens.signIn],
  [paths.changePassword, screens.changePassword],
  [paths.clients, screens.clients],
  [paths.client, screens.client],
  [paths.queue, screens.queue],
  [paths.settings, screens.settings],
  [paths.invite, screens.invite],
  [paths.secure, screens.secure],
]);

/** Starts loading the code of the screen at a route path; what the routes provide to features. */
export function preloadScreenAt(path: string) {
  const screen = screensByPath.get(path);
  screen?.preload();
  // A signed-in screen shows in its layout, which brings Chakra's provider; the queue opens a
  // client's profile.
  if (screen === screens.queue) screens.client.preload();
  if (
    screen === screens.clients ||
    screen === screens.client ||
    screen === screens.settings ||
    screen === screens.queue
  ) {
    screens.signedInLayout.preload();
  }
}
