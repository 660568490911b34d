import { Button } from '@coach/ui';
import { useTranslation } from 'react-i18next';

export type NextButtonProps = {
  isSubmitting: boolean;
  hasErrors: boolean;
};

/** The submit button of every reset step: 'Next', busy while submitting, off while errors show. */
export function NextButton({ isSubmitting, hasErrors }: NextButtonProps) {
  const { t } = useTranslation();
  return (
    <Button type="submit" size="lg" isLoading={isSubmitting} disabled={hasErrors}>
      {t('auth.changePassword.next')}
    </Button>
  );
}
