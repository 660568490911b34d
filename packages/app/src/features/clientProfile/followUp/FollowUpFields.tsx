import { Stack } from '@chakra-ui/react';
import { TextField } from '@coach/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type FollowUpFieldsProps = {
  /** The day's field, registered with the form (`register('dueDate')`). */
  date: UseFormRegisterReturn;
  /** The reason's field, registered with the form. */
  reason: UseFormRegisterReturn;
  dateError?: string;
  reasonError?: string;
  /** The coach's today and the latest day allowed: the date picker offers those days only. */
  today: string;
  latest: string;
};

/** The fields' props from a form that holds a `dueDate` and a `reason`, on the coach's day. */
export function followUpFieldsOf(
  register: (name: 'dueDate' | 'reason') => UseFormRegisterReturn,
  fieldError: (name: 'dueDate' | 'reason') => string | undefined,
  { today, latest }: { today: string; latest: string },
): FollowUpFieldsProps {
  return {
    date: register('dueDate'),
    reason: register('reason'),
    dateError: fieldError('dueDate'),
    reasonError: fieldError('reason'),
    today,
    latest,
  };
}

/** A follow-up's day and reason: in its own form, and as a part of a note or a message. */
export function FollowUpFields({
  date,
  reason,
  dateError,
  reasonError,
  today,
  latest,
}: FollowUpFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" wrap="wrap" gap="3" align="flex-start">
      <Stack flex="0 0 auto" minWidth="12rem">
        <TextField
          {...date}
          type="date"
          label={t('clientProfile.followUp.date')}
          min={today}
          max={latest}
          error={dateError}
        />
      </Stack>
      <Stack flex="1 1 16rem" minWidth="0">
        <TextField
          {...reason}
          label={t('clientProfile.followUp.reason')}
          placeholder={t('clientProfile.followUp.reasonPlaceholder')}
          autoComplete="off"
          error={reasonError}
        />
      </Stack>
    </Stack>
  );
}
