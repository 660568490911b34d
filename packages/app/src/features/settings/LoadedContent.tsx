import { LoadingPlaceholder } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../errors/LoadFailedAlert.tsx';
import type { Loadable } from '../../state/loadable.ts';

export type LoadedContentProps<T> = {
  loadable: Loadable<T>;
  /** The screen's own text for a failed load. */
  failedMessage: string;
  onRetry: () => void;
  /** The failed load's size: 'sm' in a section under the profile's form. */
  size?: 'sm' | 'md';
  /** How many lines load (4). */
  lines?: number;
  /** What the loaded data shows. */
  children: (data: T) => ReactNode;
};

/**
 * A section's loaded data, or in its place the lines that load or the failed load with a
 * retry: one way for the settings' screen and sections.
 */
export function LoadedContent<T>({
  loadable,
  failedMessage,
  onRetry,
  size,
  lines = 4,
  children,
}: LoadedContentProps<T>) {
  const { t } = useTranslation();
  if (loadable.state === 'loading')
    return (
      <LoadingPlaceholder variant="text" lines={lines} label={t('app.loading')} maxWidth="40rem" />
    );
  if (loadable.state === 'hasError')
    return (
      <LoadFailedAlert
        message={failedMessage}
        error={loadable.error}
        onRetry={onRetry}
        size={size}
      />
    );
  return children(loadable.data);
}
