import { useEffect, useState } from 'react';
import type { Viewport } from '../screenRules.ts';

/** The viewport now: inner size, and whether the device can rotate (coarse pointer + orientation). */
function readViewport(target: Window = window): Viewport {
  const isCoarse = target.matchMedia?.('(pointer: coarse)').matches ?? false;
  return {
    width: target.innerWidth,
    height: target.innerHeight,
    canRotate: isCoarse && 'orientation' in target.screen,
  };
}

const sameViewport = (a: Viewport, b: Viewport) =>
  a.width === b.width && a.height === b.height && a.canRotate === b.canRotate;

/** The viewport, following resizes and rotations live. */
export function useViewport(target: Window = window): Viewport {
  const [viewport, setViewport] = useState(() => readViewport(target));
  useEffect(() => {
    const update = () =>
      setViewport((previous) => {
        const next = readViewport(target);
        return sameViewport(previous, next) ? previous : next;
      });
    const orientation = 'orientation' in target.screen ? target.screen.orientation : undefined;
    target.addEventListener('resize', update);
    target.addEventListener('orientationchange', update);
    orientation?.addEventListener('change', update);
    update();
    return () => {
      target.removeEventListener('resize', update);
      target.removeEventListener('orientationchange', update);
      orientation?.removeEventListener('change', update);
    };
  }, [target]);
  return viewport;
}
