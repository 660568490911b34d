import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type LiveCueTintProps = {
  /** The live message that changed the content, or null: a new one starts the cue again. */
  cue: number | null;
};

/**
 * A short, quiet cue on content a live message changed: a tint behind it that fades out in
 * 1.6 s; none when the coach prefers reduced motion. Place it first in a container that is
 * positioned and isolated (`LiveCue` is one): only the tint is replaced for a new cue, the
 * content is never mounted again.
 */
export function LiveCueTint({ cue }: LiveCueTintProps) {
  if (cue === null) return null;
  return (
    <Box
      key={cue}
      aria-hidden
      data-live-cue=""
      position="absolute"
      inset="-1"
      zIndex="-1"
      borderRadius="sm"
      bg="accent.muted"
      pointerEvents="none"
      opacity="0"
      animation="fade-out 1.6s ease-out"
      _motionReduce={{ display: 'none' }}
    />
  );
}

export type LiveCueProps = LiveCueTintProps & { children: ReactNode };

/** Content with the live cue behind it (see {@link LiveCueTint}). */
export function LiveCue({ cue, children }: LiveCueProps) {
  return (
    <Box position="relative" isolation="isolate">
      <LiveCueTint cue={cue} />
      {children}
    </Box>
  );
}
