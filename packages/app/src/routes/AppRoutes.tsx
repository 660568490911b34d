import { LoadingPlaceholder } from '@coach/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AuthLayout } from '../core/layout/index.ts';
import { LazyScreen, PreloadScreenProvider } from '../core/lazyScreens/index.ts';
import {
  paths,
  returnHref,
  toReturnPath,
  useReturnPath,
  withReturnPath,
} from '../core/navigation/index.ts';
import { authStatusAtom, hasLoggedOutAtom } from '../core/session/index.ts';
import { useAtomValue } from '../state/jotai.ts';
import { preloadScreenAt, screens } from './screens.ts';

// The public invite page, in the signed-out and the signed-in routes alike. The screens in the
// auth layout's card load with it (isLoadedWithLayout): the card appears once, at its size.
const inviteRoute = (
  <Route
    path={paths.invite}
    element={<LazyScreen key="invite" screen={screens.invite} isLoadedWithLayout />}
  />
);

// A security notice's 'it was not me' link, public too: whatever this tab's session (it ends
// every session of the account, a session that must enrol a factor included).
const secureRoute = (
  <Route
    path={paths.secure}
    element={<LazyScreen key="secure" screen={screens.secure} isLoadedWithLayout />}
  />
);

/**
 * The routes by auth state (requirements R2.1, R2.2 and the decisions). Initialising: one
 * catch-all placeholder. Signed out: sign-in at '/', anything else redirects to '/', which keeps a
 * signed-in path in `?next=` (a mail's link, an expired session; not a logout). Signed in: the
 * clients, a client and settings; '/' and anything else redirect to that return path, or
 * '/clients'. Redirects replace. '/changePassword' (signed out) is the password reset flow.
 * '/invite' (the public invite page, decisions) and '/secure' (a security link, issue 64) show in
 * the auth layout both signed out and signed in, never redirected.
 */
export function AppRoutes() {
  // Features preload a screen by its path (the sign-in form, the clients screen it opens).
  return (
    <PreloadScreenProvider value={preloadScreenAt}>
      <RoutesByStatus />
    </PreloadScreenProvider>
  );
}

function RoutesByStatus() {
  const { t } = useTranslation();
  const status = useAtomValue(authStatusAtom);
  if (status === 'initialising') {
    return (
      <Routes>
        <Route
          path="*"
          element={<LoadingPlaceholder variant="screen" label={t('app.loading')} padding="10" />}
        />
      </Routes>
    );
  }
  // REQUIRE_MFA: a session that may only enrol a second factor sees that screen at any path
  // (the address stays, and opens once a factor is in).
  if (status === 'mustEnrol') {
    return (
      <Routes>
        <Route element={<AuthLayout />}>
          {secureRoute}
          <Route
            path="*"
            element={<LazyScreen key="enrolment" screen={screens.enrolment} isLoadedWithLayout />}
          />
        </Route>
      </Routes>
    );
  }
  if (status === 'signedOut') {
    return (
      <Routes>
        <Route element={<SignedOutLayout />}>
          <Route
            index
            element={<LazyScreen key="signIn" screen={screens.signIn} isLoadedWithLayout />}
          />
          <Route
            path={paths.changePassword}
            element={
              <LazyScreen key="changePassword" screen={screens.changePassword} isLoadedWithLayout />
            }
          />
          {inviteRoute}
          {secureRoute}
        </Route>
        <Route path="*" element={<SignInRedirect />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<AuthLayout />}>
        {inviteRoute}
        {secureRoute}
      </Route>
      <Route element={<LazyScreen key="signedInLayout" screen={screens.signedInLayout} />}>
        <Route
          path={paths.clients}
          element={<LazyScreen key="clients" screen={screens.clients} />}
        />
        {/* One route for the profile and its groups: a group's tab keeps the screen mounted. */}
        <Route
          path={paths.clientGroup}
          element={<LazyScreen key="client" screen={screens.client} />}
        />
        <Route
          path={paths.settings}
          element={<LazyScreen key="settings" screen={screens.settings} />}
        />
        <Route path={paths.queue} element={<LazyScreen key="queue" screen={screens.queue} />} />
      </Route>
      <Route path="*" element={<ReturnRedirect />} />
    </Routes>
  );
}

/**
 * Signed out: to sign-in, keeping the page asked for when it is a signed-in one, unless the coach
 * just logged out here.
 */
function SignInRedirect() {
  const { pathname, search, hash } = useLocation();
  const hasLoggedOut = useAtomValue(hasLoggedOutAtom);
  const returnPath = hasLoggedOut ? null : toReturnPath(`${pathname}${search}${hash}`);
  return <Navigate to={withReturnPath(paths.root, returnPath)} replace />;
}

/** Signed in: to the return path a sign-in page carries, or '/clients'. */
function ReturnRedirect() {
  return <Navigate to={returnHref(useReturnPath())} replace />;
}

/** The signed-out pages' layout: its logo leads to sign-in keeping the return path (`?next=`). */
function SignedOutLayout() {
  return <AuthLayout homeHref={withReturnPath(paths.root, useReturnPath())} />;
}
