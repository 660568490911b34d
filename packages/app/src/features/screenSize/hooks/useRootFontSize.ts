import { useEffect } from 'react';
import { rootFontSizeFor } from '../screenRules.ts';

/** Sets the root font size on `<html>` for the width (rem-based sizes scale with it). */
export function useRootFontSize(width: number, root: HTMLElement = document.documentElement) {
  useEffect(() => {
    root.style.fontSize = `${rootFontSizeFor(width)}px`;
  }, [width, root]);
}
