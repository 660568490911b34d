import type { Decorator } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { rootFontSizeFor } from '../../packages/app/src/core/screenSize/index.ts';

/**
 * Sets the root font size the app sets for the story's width (`parameters.width`, in px, or the
 * window's), as `ScreenSizeGate` does, and puts the previous one back afterwards: the story shows
 * the screen as the app sizes it (12 px at 1280 px, 11 px under 1097 px).
 */
export const withAppRootFontSize: Decorator = (Story, context) => {
  const width = Number.parseInt(String(context.parameters.width ?? ''), 10) || window.innerWidth;
  return (
    <RootFontSize width={width}>
      <Story />
    </RootFontSize>
  );
};

function RootFontSize({ width, children }: { width: number; children: React.ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const previous = root.style.fontSize;
    root.style.fontSize = `${rootFontSizeFor(width)}px`;
    return () => {
      root.style.fontSize = previous;
    };
  }, [width]);
  return children;
}
