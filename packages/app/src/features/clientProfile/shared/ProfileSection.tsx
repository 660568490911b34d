import { LoadingPlaceholder } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from '../../../state/loadable.ts';
import { SectionCard } from './SectionCard.tsx';
import { SectionFailed } from './SectionFailed.tsx';

export type ProfileSectionProps<T> = {
  title: string;
  state: Loadable<T>;
  /** The spec's processing error of this section ('Error processing exercise'...). */
  failedText: string;
  onRetry: () => void;
  /** Controls beside the title (a filter). */
  actions?: ReactNode;
  /** The live message that just changed the data, or null (see `useClientResource`). */
  cue?: number | null;
  children: (data: T) => ReactNode;
};

/** One section of the profile: a titled region that loads and fails on its own. */
export function ProfileSection<T>({
  title,
  state,
  failedText,
  onRetry,
  actions,
  cue = null,
  children,
}: ProfileSectionProps<T>) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={title}
      actions={state.state === 'hasData' ? actions : null}
      isBusy={state.state === 'loading'}
      cue={state.state === 'hasData' ? cue : null}
    >
      {state.state === 'loading' ? (
        <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={3} />
      ) : state.state === 'hasError' ? (
        <SectionFailed message={failedText} error={state.error} onRetry={onRetry} />
      ) : (
        children(state.data)
      )}
    </SectionCard>
  );
}
