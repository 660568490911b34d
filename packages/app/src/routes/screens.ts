import { lazyScreen, type ScreenLoader } from '../core/lazyScreens/lazyScreen.tsx';
import { paths } from '../core/navigation/index.ts';

/** Each screen's code, loaded on demand (requirements R2.4). */
export const screens = {
  signIn: lazyScreen(() => import('../features/auth/components/SignInScreen.tsx')),
  changePassword: lazyScreen(
    () => import('../features/passwordReset/components/PasswordResetScreen.tsx'),
  ),
  clients: lazyScreen(() => import('../features/clients/components/ClientsScreen.tsx')),
  client: lazyScreen(() => import('../features/clientProfile/components/ClientProfileScreen.tsx')),
  settings: lazyScreen(() => import('../features/settings/components/SettingsScreen.tsx')),
  enrolment: lazyScreen(() => import('../features/settings/signInMethods/EnrolmentScreen.tsx')),
  invite: lazyScreen(
    () => import('../features/inviteAcceptance/components/InviteAcceptanceScreen.tsx'),
  ),
};

const screensByPath = new Map<string, ScreenLoader>([
  [paths.root, screens.signIn],
  [paths.changePassword, screens.changePassword],
  [paths.clients, screens.clients],
  [paths.client, screens.client],
  [paths.settings, screens.settings],
  [paths.invite, screens.invite],
]);

/** Starts loading the code of the screen at a route path; what the routes provide to features. */
export function preloadScreenAt(path: string) {
  screensByPath.get(path)?.preload();
}
