import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** What a section says before the client has done anything of its kind. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.muted" textStyle="sm">
      {children}
    </Text>
  );
}
