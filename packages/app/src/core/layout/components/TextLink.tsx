import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { appClass } from '../../../styles/appClass.ts';
import type { layoutStyles } from './layout.styles.ts';

export type TextLinkProps = {
  /** A route path. */
  to: string;
  children: ReactNode;
  /** Its alignment in a flex container (`center`, `flex-end`). */
  alignSelf?: CSSProperties['alignSelf'];
  /** `sm` for a link under a form; the text's size by default. */
  size?: 'sm';
};

const cls = appClass<typeof layoutStyles>;

/** A link in running text to another page of the app ('Forgot password?', 'Back to sign in'). */
export function TextLink({ to, children, alignSelf, size }: TextLinkProps) {
  return (
    <Link
      to={to}
      className={size === 'sm' ? `${cls('text-link')} ${cls('text-link-sm')}` : cls('text-link')}
      style={alignSelf === undefined ? undefined : { alignSelf }}
    >
      {children}
    </Link>
  );
}
