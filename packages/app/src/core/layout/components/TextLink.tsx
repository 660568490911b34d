import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type TextLinkProps = Pick<HTMLChakraProps<'span'>, 'alignSelf' | 'fontSize'> & {
  /** A route path. */
  to: string;
  children: ReactNode;
};

/** A link in running text to another page of the app ('Forgot password?', 'Back to sign in'). */
export function TextLink({ to, children, ...placement }: TextLinkProps) {
  return (
    <chakra.span
      {...placement}
      fontWeight="medium"
      color="accent.emphasized"
      textDecoration="underline"
      borderRadius="sm"
      focusVisibleRing="outside"
      asChild
    >
      <Link to={to}>{children}</Link>
    </chakra.span>
  );
}
