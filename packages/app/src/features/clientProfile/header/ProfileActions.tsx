import { HStack, Text } from '@chakra-ui/react';
import { Button, LoadingPlaceholder } from '@coach/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { journeyAtoms } from '../journey/journeyAtoms.ts';
import { PhaseChangeModal } from '../journey/PhaseChangeModal.tsx';
import { ReportModal } from '../reports/ReportModal.tsx';
import { SectionFailed } from '../shared/SectionFailed.tsx';
import { useClientResource } from '../shared/useClientResource.ts';

export type ProfileActionsProps = { clientId: string };

type OpenModal = 'phase' | 'report' | null;

/**
 * The profile's actions: 'Start next phase' while one is planned (otherwise the spec's 'No new
 * phases are planned yet'), and 'Generate report', each with its modal.
 */
export function ProfileActions({ clientId }: ProfileActionsProps) {
  const { t } = useTranslation();
  const [journey, retry] = useClientResource(journeyAtoms, clientId);
  const [open, setOpen] = useState<OpenModal>(null);
  const close = () => setOpen(null);

  const phaseAction = () => {
    if (journey.state === 'loading') {
      return <LoadingPlaceholder label={t('profileActions.journeyLoading')} lines={1} />;
    }
    if (journey.state === 'hasError') {
      return (
        <SectionFailed
          message={t('profileActions.journeyFailed')}
          error={journey.error}
          onRetry={retry}
          isRetriedWhenOnline={false}
        />
      );
    }
    const { data } = journey;
    if (!data.nextPhasePlanned || data.nextPhase === null) {
      return <Text color="fg.muted">{t('profileActions.noPhasePlanned')}</Text>;
    }
    return (
      <>
        <Button onClick={() => setOpen('phase')}>{t('profileActions.startNextPhase')}</Button>
        <PhaseChangeModal
          clientId={clientId}
          journey={data}
          nextPhase={data.nextPhase}
          isOpen={open === 'phase'}
          onClose={close}
        />
      </>
    );
  };

  return (
    <HStack gap="3" wrap="wrap" justify="flex-end">
      {phaseAction()}
      <Button variant="secondary" onClick={() => setOpen('report')}>
        {t('profileActions.generateReport')}
      </Button>
      <ReportModal clientId={clientId} isOpen={open === 'report'} onClose={close} />
    </HStack>
  );
}
