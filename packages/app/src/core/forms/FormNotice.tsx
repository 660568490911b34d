import type { IconType } from 'react-icons';
import { appClass } from '../../styles/appClass.ts';
import type { formNoticeStyles } from './FormNotice.styles.ts';

export type FormNoticeProps = {
  icon: IconType;
  children: string;
  /** `info` (the brand's tint) or `alert` (the error's). */
  tone: 'info' | 'alert';
  /** `alert` for an error announced as it appears. */
  role?: 'alert';
  id?: string;
};

/** A note of a form with its icon before the text, in its tone; the caller gives its role. */
export function FormNotice({ icon: Icon, children, tone, role, id }: FormNoticeProps) {
  return (
    <div id={id} role={role} className={appClass<typeof formNoticeStyles>(`notice-${tone}`)}>
      {/* The icon keeps its size beside a text of several lines, level with the first. */}
      <Icon aria-hidden style={{ flexShrink: 0, marginTop: '0.2em' }} />
      <p>{children}</p>
    </div>
  );
}
