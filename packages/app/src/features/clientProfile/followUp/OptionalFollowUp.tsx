import { Checkbox, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FollowUpFields, type FollowUpFieldsProps } from './FollowUpFields.tsx';

export type OptionalFollowUpProps = FollowUpFieldsProps & {
  /** Whether 'Check in again on…' is ticked: then the day and reason show. */
  isOn: boolean;
  onToggle: (isOn: boolean) => void;
};

/** 'Check in again on…' as a part of a note or a message: ticked, a follow-up's day and reason. */
export function OptionalFollowUp({ isOn, onToggle, ...fields }: OptionalFollowUpProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Checkbox.Root
        checked={isOn}
        onCheckedChange={(details) => onToggle(details.checked === true)}
        alignSelf="flex-start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('clientProfile.followUp.withIt')}</Checkbox.Label>
      </Checkbox.Root>
      {isOn ? <FollowUpFields {...fields} /> : null}
    </Stack>
  );
}
