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
  /** What the loaded data shows. */
  children: (data: T) => ReactNode;
};

/**
 * A section's loaded data, or in its place the lines that load (four) or the failed load with a
 * retry: one way for the settings' sections that show one loadable.
 */
export function LoadedContent<T>({
  loadable,
  failedMessage,
  onRetry,
  children,
}: LoadedContentProps<T>) {
  const { t } = useTranslation();
  if (loadable.state === 'loading')
    return <LoadingPlaceholder variant="text" lines={4} label={t('app.loading')} />;
  if (loadable.state === 'hasError')
    return <LoadFailedAlert message={failedMessage} error={loadable.error} onRetry={onRetry} />;
  return children(loadable.data);
}
