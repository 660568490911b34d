import { Alert, Checkbox, chakra, Stack, Text } from '@chakra-ui/react';
import { reportLimits, reportNoteNames } from '@coach/domain';
import { Button, Modal, Textarea } from '@coach/ui';
import { yupResolver } from '@hookform/resolvers/yup';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { ModalButtons } from '../shared/ModalButtons.tsx';
import { isAnyNoteTooLong, type ReportValues, reportSchema, toReportBody } from './reportSchema.ts';
import { useGenerateReport } from './useGenerateReport.ts';

export type ReportModalProps = {
  clientId: string;
  isOpen: boolean;
  onClose: () => void;
};

const emptyNotes: ReportValues = {
  mentalWellbeing: '',
  physicalWellbeing: '',
  productivity: '',
  finalComments: '',
  includeNotes: false,
};

/** The notes form: mounted on open, so each opening starts empty. */
function ReportForm({
  generate,
  isGenerating,
  onClose,
}: {
  generate: ReturnType<typeof useGenerateReport>['generate'];
  isGenerating: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { form, register, fieldError, hasErrors } = useSubmitOnlyForm<ReportValues>({
    resolver: yupResolver(reportSchema),
    defaultValues: emptyNotes,
  });
  const isOverLimit = isAnyNoteTooLong(form.watch());
  const includeNotesHintId = useId();

  const handleSubmit = form.handleSubmit(async (values) => {
    if (await generate(toReportBody(values))) onClose();
  });

  return (
    <chakra.form onSubmit={handleSubmit} noValidate paddingBlockEnd="4">
      <Stack gap="4">
        <Text color="fg.muted">{t('profileActions.reportHint')}</Text>
        {reportNoteNames.map((name) => (
          <Textarea
            key={name}
            {...register(name)}
            label={t(`profileActions.notes.${name}`)}
            maxLength={reportLimits.noteMaxLength}
            overLimitMessage={t('profileActions.overLimit')}
            error={fieldError(name)}
            readOnly={isGenerating}
            rows={3}
          />
        ))}
        <Controller
          control={form.control}
          name="includeNotes"
          render={({ field }) => (
            <Checkbox.Root
              checked={field.value}
              onCheckedChange={(details) => field.onChange(details.checked === true)}
              readOnly={isGenerating}
              alignItems="flex-start"
            >
              <Checkbox.HiddenInput
                ref={field.ref}
                onBlur={field.onBlur}
                aria-describedby={includeNotesHintId}
              />
              <Checkbox.Control marginBlockStart="0.5" />
              <Stack gap="0.5">
                <Checkbox.Label>{t('profileActions.includeNotes')}</Checkbox.Label>
                <Text id={includeNotesHintId} textStyle="sm" color="fg.muted">
                  {t('profileActions.includeNotesHint', { max: reportLimits.periodNotesMax })}
                </Text>
              </Stack>
            </Checkbox.Root>
          )}
        />
        {isGenerating ? (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('profileActions.generating')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <ModalButtons onCancel={onClose} isBusy={isGenerating}>
          <Button
            type="submit"
            isLoading={isGenerating}
            disabled={hasErrors || isOverLimit || isGenerating}
          >
            {t('profileActions.generate')}
          </Button>
        </ModalButtons>
      </Stack>
    </chakra.form>
  );
}

/**
 * 'Generate report' (requirements R4.9): four notes with their 'length/500' counters; over the limit
 * the counter turns red and Generate waits. 'Include my notes from this period' (off by default)
 * puts the coach's own notes of the report's period in the PDF. While the server renders, the
 * modal says the app must not be closed, cannot be closed itself, and a second click does nothing.
 */
export function ReportModal({ clientId, isOpen, onClose }: ReportModalProps) {
  const { t } = useTranslation();
  const { generate, isGenerating } = useGenerateReport(clientId);
  const handleClose = () => {
    if (!isGenerating) onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      title={t('profileActions.reportModalTitle')}
      closeLabel={t('profileActions.close')}
      size="lg"
    >
      <ReportForm generate={generate} isGenerating={isGenerating} onClose={onClose} />
    </Modal>
  );
}
