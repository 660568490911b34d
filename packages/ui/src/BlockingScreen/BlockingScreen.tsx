import { type ReactNode, useId } from 'react';
import { staticClass } from '../theme/staticStyles.ts';
import type { blockingScreenStyles } from './BlockingScreen.styles.ts';

export type BlockingScreenProps = {
  /** The headline (e.g. 'Coach app is available for screens with higher resolution'). */
  title: string;
  /** A sentence under the title (e.g. 'Turn your device to landscape'). */
  message?: string;
  /** An illustration above the title, e.g. an icon from react-icons/lu. */
  icon?: ReactNode;
  /** The product logo, shown at the top. */
  logo?: ReactNode;
  /** Fills its parent instead of covering the viewport (for previews and documentation). */
  isContained?: boolean;
};

const cls = staticClass<typeof blockingScreenStyles>;

/**
 * A message that covers the whole viewport and blocks the app under it, e.g. when the screen is
 * too small. An `alert` named by its title and described by its message. Its look is made ahead
 * of time (BlockingScreen.styles.ts): it needs no Chakra provider.
 */
export function BlockingScreen({
  title,
  message,
  icon,
  logo,
  isContained = false,
}: BlockingScreenProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      className={cls(isContained ? 'blocking-screen-contained' : 'blocking-screen')}
    >
      {logo && <div className={cls('blocking-screen-logo')}>{logo}</div>}
      <div className={cls('blocking-screen-body')}>
        {icon && (
          <div aria-hidden className={cls('blocking-screen-icon')}>
            {icon}
          </div>
        )}
        <h1 id={titleId} className={`chakra-heading ${cls('blocking-screen-title')}`}>
          {title}
        </h1>
        {message && (
          <p id={messageId} className={cls('blocking-screen-message')}>
            {message}
          </p>
        )}
      </div>
    </div>
  );
}
