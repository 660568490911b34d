import { Alert, chakra, Stack, Text } from '@chakra-ui/react';
import type { Journey } from '@coach/api';
import {
  breathsPerMinuteValues,
  exerciseGoalNames,
  exerciseStepGoalNames,
  type JourneyStep,
} from '@coach/domain';
import { Button, Modal, Select } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { ModalButtons } from '../shared/ModalButtons.tsx';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import {
  type PhaseChangeValues,
  phaseChangeDefaults,
  phaseChangeSchema,
  toPhaseChangeBody,
} from './phaseChangeSchema.ts';
import { usePhaseChange } from './usePhaseChange.ts';

export type PhaseChangeModalProps = {
  clientId: string;
  journey: Journey;
  nextPhase: JourneyStep;
  isOpen: boolean;
  onClose: () => void;
};

type FormProps = Omit<PhaseChangeModalProps, 'isOpen'>;

/** The form inside the modal: mounted on open, so each opening starts from the journey. */
function PhaseChangeForm({ clientId, journey, nextPhase, onClose }: FormProps) {
  const { t } = useTranslation();
  const changePhase = usePhaseChange(clientId);
  const { form, fieldError, submitProps } = useSubmitOnlyForm<PhaseChangeValues>({
    resolver: yupResolver(phaseChangeSchema),
    defaultValues: phaseChangeDefaults(journey),
  });
  const phaseName = t(`profileActions.phases.${nextPhase}`);

  const handleSubmit = form.handleSubmit(async (values) => {
    if (await changePhase(toPhaseChangeBody(nextPhase, values))) onClose();
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate paddingBlockEnd="4">
      <Stack gap="5">
        <Text>
          {t('profileActions.nextPhase')}:{' '}
          <chakra.strong fontWeight="semibold">{phaseName}</chakra.strong>
        </Text>
        <Controller
          control={form.control}
          name="goals"
          render={({ field }) => (
            <ChoiceGroup
              legend={t('profileActions.goals')}
              helper={t('profileActions.goalsHint')}
              choices={exerciseStepGoalNames.map((goal) => ({
                value: goal,
                label: t(`profileActions.stepGoals.${goal}`),
              }))}
              value={field.value}
              onValueChange={(value) => {
                form.clearErrors('goals');
                field.onChange(value);
              }}
              error={fieldError('goals')}
              firstRef={field.ref}
            />
          )}
        />
        <Controller
          control={form.control}
          name="bpm"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={t('profileActions.bpm')}
              isPortalled={false}
              placeholder={t('profileActions.bpmPlaceholder')}
              items={breathsPerMinuteValues.map((value) => ({
                value: String(value),
                label: t('profileActions.bpmValue', { value }),
              }))}
              value={field.value}
              onValueChange={(value) => {
                form.clearErrors('bpm');
                field.onChange(value);
              }}
              onBlur={field.onBlur}
              error={fieldError('bpm')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="goalChoices"
          render={({ field }) => (
            <Select
              multiple
              ref={field.ref}
              label={t('profileActions.goalChoices')}
              helper={t('profileActions.goalChoicesHint')}
              isPortalled={false}
              placeholder={t('profileActions.goalChoicesPlaceholder')}
              items={exerciseGoalNames.map((goal) => ({
                value: goal,
                label: t(`profileActions.exerciseGoals.${goal}`),
              }))}
              values={field.value}
              onValuesChange={(values) => {
                form.clearErrors('goalChoices');
                field.onChange(values);
              }}
              onBlur={field.onBlur}
              error={fieldError('goalChoices')}
            />
          )}
        />
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('profileActions.phaseWarning')}</Alert.Title>
        </Alert.Root>
        <ModalButtons onCancel={onClose}>
          <Button {...submitProps}>{t('profileActions.confirmPhase', { phase: phaseName })}</Button>
        </ModalButtons>
      </Stack>
    </chakra.form>
  );
}

/**
 * 'Start next phase' (requirements R4.8): the next phase, its goals, BPM and goal choices, the warning
 * that the change is irreversible, and the confirmation.
 */
export function PhaseChangeModal({ isOpen, onClose, ...formProps }: PhaseChangeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title={t('profileActions.phaseModalTitle')}
      closeLabel={t('profileActions.close')}
    >
      <PhaseChangeForm {...formProps} onClose={onClose} />
    </Modal>
  );
}
