import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type StepIntroProps = {
  step: 1 | 2 | 3;
  children: string;
};

/** Which of the three steps this is, and what to do in it. */
export function StepIntro({ step, children }: StepIntroProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      <Text textStyle="sm" fontWeight="semibold" color="accent.emphasized">
        {t('auth.changePassword.step', { step })}
      </Text>
      <Text color="fg.muted">{children}</Text>
    </Stack>
  );
}
