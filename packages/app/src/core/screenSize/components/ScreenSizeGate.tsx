import type { ReactNode } from 'react';
import { useViewport } from '../hooks/useViewport.ts';
import { blockingReasonFor } from '../screenRules.ts';
import { ScreenSizeMessage } from './ScreenSizeMessage.tsx';

export type ScreenSizeGateProps = {
  children: ReactNode;
};

/**
 * Applies the screen-size rules live: a blocking screen over the app where it does not fit (the
 * root font size by width is CSS in the page's head: see `rootFontSizeCss`). The app stays mounted but inert underneath, so turning the device or
 * widening the window again loses nothing (a half-typed form, the session).
 */
export function ScreenSizeGate({ children }: ScreenSizeGateProps) {
  const viewport = useViewport();
  const reason = blockingReasonFor(viewport);
  return (
    <>
      <div style={{ display: 'contents' }} inert={reason !== null}>
        {children}
      </div>
      {reason ? <ScreenSizeMessage reason={reason} /> : null}
    </>
  );
}
