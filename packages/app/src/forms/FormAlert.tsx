import { HStack, Text } from '@chakra-ui/react';
import { LuCircleAlert } from 'react-icons/lu';

export type FormAlertProps = {
  children: string;
};

/** A form-level error (e.g. 'Wrong email or password'), announced when it appears. */
export function FormAlert({ children }: FormAlertProps) {
  return (
    <HStack
      role="alert"
      align="flex-start"
      gap="2"
      padding="3"
      borderRadius="md"
      bg="error.subtle"
      color="error.fg"
      fontWeight="medium"
    >
      <LuCircleAlert aria-hidden style={{ flexShrink: 0, marginTop: '0.2em' }} />
      <Text>{children}</Text>
    </HStack>
  );
}
