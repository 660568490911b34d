import { HStack, Text } from '@chakra-ui/react';
import { Button } from '@coach/ui';
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
 * The profile's actions: 'Start next phase' and 'Generate report', each with its modal. The
 * journey (its own call) is read when the coach starts a phase, not as the profile opens: then
 * the modal opens, or the spec's 'No new phases are planned yet' takes the button's place.
 */
export function ProfileActions({ clientId }: ProfileActionsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OpenModal>(null);
  const close = () => setOpen(null);
  return (
    <HStack gap="3" wrap="wrap" justify="flex-end">
      {open === 'phase' ? (
        <PhaseAction clientId={clientId} onClose={close} />
      ) : (
        <Button onClick={() => setOpen('phase')}>{t('profileActions.startNextPhase')}</Button>
      )}
      <Button variant="secondary" onClick={() => setOpen('report')}>
        {t('profileActions.generateReport')}
      </Button>
      <ReportModal clientId={clientId} isOpen={open === 'report'} onClose={close} />
    </HStack>
  );
}

type PhaseActionProps = { clientId: string; onClose: () => void };

/** The phase change once asked for: the journey loading, failed, with no phase planned, or the modal. */
function PhaseAction({ clientId, onClose }: PhaseActionProps) {
  const { t } = useTranslation();
  const [journey, retry] = useClientResource(journeyAtoms, clientId);
  if (journey.state === 'loading') {
    return (
      <Button isLoading aria-label={t('profileActions.journeyLoading')}>
        {t('profileActions.startNextPhase')}
      </Button>
    );
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
      <Button>{t('profileActions.startNextPhase')}</Button>
      <PhaseChangeModal
        clientId={clientId}
        journey={data}
        nextPhase={data.nextPhase}
        isOpen
        onClose={onClose}
      />
    </>
  );
}
