import { lazyScreen } from '../core/lazyScreens/lazyScreen.tsx';

/** Each screen's code, loaded on demand (spec point 2). */
export const screens = {
  signIn: lazyScreen(() => import('../features/auth/components/SignInScreen.tsx')),
  changePassword: lazyScreen(
    () => import('../features/passwordReset/components/PasswordResetScreen.tsx'),
  ),
  clients: lazyScreen(() => import('../features/clients/components/ClientsScreen.tsx')),
  client: lazyScreen(() => import('../features/clientProfile/components/ClientProfileScreen.tsx')),
  settings: lazyScreen(() => import('../features/settings/components/SettingsScreen.tsx')),
  invite: lazyScreen(
    () => import('../features/inviteAcceptance/components/InviteAcceptanceScreen.tsx'),
  ),
};
