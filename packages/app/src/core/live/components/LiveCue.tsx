import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type LiveCueProps = {
  /** The live message that changed the content, or null: a new one starts the cue again. */
  cue: number | null;
  children: ReactNode;
};

/**
 * A short, quiet cue on content a live message changed: a tint behind it that fades out in
 * 1.6 s; none when the coach prefers reduced motion. Only the tint is replaced for a new cue:
 * the content is never mounted again.
 */
export function LiveCue({ cue, children }: LiveCueProps) {
  return (
    <Box position="relative" isolation="isolate">
      {cue === null ? null : (
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
      )}
      {children}
    </Box>
  );
}
