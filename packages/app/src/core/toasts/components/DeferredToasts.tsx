import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAtomValue } from '../../../state/jotai.ts';
import { paths } from '../../navigation/index.ts';
import { authStatusAtom } from '../../session/index.ts';
import { loadToastContainer } from './loadToastContainer.ts';

const ToastContainer = lazy<ComponentType>(loadToastContainer);

/**
 * The toasts, loaded once the coach is anywhere but the sign-in screen, which raises none: the
 * sign-in route does not carry react-toastify. Once loaded they stay. A toast raised before the
 * container has loaded waits in react-toastify's queue and shows when it mounts.
 */
export function DeferredToasts() {
  const status = useAtomValue(authStatusAtom);
  const { pathname } = useLocation();
  const isSignInScreen =
    (status === 'signedOut' || status === 'initialising') && pathname === paths.root;
  const [isNeeded, setIsNeeded] = useState(!isSignInScreen);
  if (!isNeeded && !isSignInScreen) setIsNeeded(true);
  return isNeeded ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
