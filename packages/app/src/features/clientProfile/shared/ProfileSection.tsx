import { LoadingPlaceholder } from '@coach/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientResource } from './clientResourceFamily.ts';
import { SectionCard } from './SectionCard.tsx';
import { SectionFailed } from './SectionFailed.tsx';
import { useClientResource } from './useClientResource.ts';

export type ProfileSectionProps<T> = {
  title: string;
  /** The client's resource the section shows, read through `useClientResource`. */
  resource: (clientId: string) => ClientResource<T>;
  clientId: string;
  /** The spec's processing error of this section ('Error processing exercise'...). */
  failedText: string;
  /** Controls beside the title (a filter). */
  actions?: ReactNode;
  /** Whether a live change of the data shows the live cue (see `useClientResource`). */
  hasLiveCue?: boolean;
  children: (data: T) => ReactNode;
};

/** One section of the profile: a titled region that loads and fails on its own. */
export function ProfileSection<T>({
  title,
  resource,
  clientId,
  failedText,
  actions,
  hasLiveCue = true,
  children,
}: ProfileSectionProps<T>) {
  const { t } = useTranslation();
  const [state, retry, cue] = useClientResource(resource, clientId);
  return (
    <SectionCard
      title={title}
      actions={state.state === 'hasData' ? actions : null}
      isBusy={state.state === 'loading'}
      cue={state.state === 'hasData' && hasLiveCue ? cue : null}
    >
      {state.state === 'loading' ? (
        <LoadingPlaceholder label={t('profile.loading', { section: title })} lines={3} />
      ) : state.state === 'hasError' ? (
        <SectionFailed message={failedText} error={state.error} onRetry={retry} />
      ) : (
        children(state.data)
      )}
    </SectionCard>
  );
}
