import { describe, expect, it, vi } from 'vitest';
import type { ScreenLoader } from '../core/lazyScreens/index.ts';
import { preloadSignInScreen } from './preloadSignInScreen.ts';

function signInLoader() {
  const preload = vi.fn<() => void>();
  const loader: ScreenLoader = { get: vi.fn(), reload: vi.fn(), preload };
  return Object.assign(loader, { preload });
}

describe('preloadSignInScreen', () => {
  it.each(['/', '/clients', '/clients/42', '/settings'])(
    'loads the sign-in code at once without a stored session at %s (it redirects to sign-in)',
    (pathname) => {
      const signIn = signInLoader();
      preloadSignInScreen(signIn, { hasStoredSession: false, pathname });
      expect(signIn.preload).toHaveBeenCalledOnce();
    },
  );

  it('leaves it alone with a stored session, and on the public pages', () => {
    const signIn = signInLoader();
    preloadSignInScreen(signIn, { hasStoredSession: true, pathname: '/' });
    preloadSignInScreen(signIn, { hasStoredSession: false, pathname: '/changePassword' });
    preloadSignInScreen(signIn, { hasStoredSession: false, pathname: '/invite' });
    preloadSignInScreen(signIn, { hasStoredSession: false, pathname: '/secure' });
    expect(signIn.preload).not.toHaveBeenCalled();
  });
});
