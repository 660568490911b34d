import { Heading, HStack, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

export type SectionCardProps = {
  title: string;
  /** Controls beside the title (a filter, a range): they share its row, at its end. */
  actions?: ReactNode;
  /** While its content loads (`aria-busy`). */
  isBusy?: boolean;
  /** The header's blocks (journey, engagement): a smaller title and tighter spacing. */
  isCompact?: boolean;
  children: ReactNode;
};

/** The frame of every block of the profile: a bordered region titled by its own heading. */
export function SectionCard({ title, actions, isBusy, isCompact, children }: SectionCardProps) {
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
    >
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
