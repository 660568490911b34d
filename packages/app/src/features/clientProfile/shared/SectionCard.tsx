import { Heading, HStack, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { LiveCueTint } from '../../../core/liveCues/index.ts';

export type SectionCardProps = {
  title: string;
  /** Controls beside the title (a filter, a range): they share its row, at its end. */
  actions?: ReactNode;
  /** While its content loads (`aria-busy`). */
  isBusy?: boolean;
  /** The header's blocks (journey, engagement): a smaller title and tighter spacing. */
  isCompact?: boolean;
  /** The live message that just changed its content, or null: the card shows the live cue. */
  cue?: number | null;
  children: ReactNode;
};

/** The frame of every block of the profile: a bordered region titled by its own heading. */
export function SectionCard({
  title,
  actions,
  isBusy,
  isCompact,
  cue = null,
  children,
}: SectionCardProps) {
  const headingId = useId();
  const heading = (
    <Heading as="h2" id={headingId} fontSize={isCompact ? 'md' : 'lg'} fontWeight="semibold">
      {title}
    </Heading>
  );
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      aria-busy={isBusy || undefined}
      gap={isCompact ? '3' : '4'}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      padding={isCompact ? '4' : '5'}
      minWidth="0"
      // Positioned and isolated only during a cue: the tint sits behind the card's content.
      {...(cue === null ? {} : { position: 'relative', isolation: 'isolate' })}
    >
      <LiveCueTint cue={cue} />
      {actions === undefined ? (
        heading
      ) : (
        <HStack justify="space-between" gap="3" wrap="wrap">
          {heading}
          {actions}
        </HStack>
      )}
      {children}
    </Stack>
  );
}
