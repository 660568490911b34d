import { Heading, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

export type HeaderCardProps = { title: string; children: ReactNode };

/** One block of the profile header (journey, engagement): a titled region of its own. */
export function HeaderCard({ title, children }: HeaderCardProps) {
  const headingId = useId();
  return (
    <Stack
      as="section"
      aria-labelledby={headingId}
      gap="3"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      padding="4"
      minWidth="0"
    >
      <Heading as="h2" id={headingId} fontSize="md" fontWeight="semibold">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
