import { Badge } from '@chakra-ui/react';
import type { AssessmentStatus } from '@coach/domain';
import { useTranslation } from 'react-i18next';

const looks: Record<AssessmentStatus, { bg: string; color: string }> = {
  complete: { bg: 'success.subtle', color: 'success.fg' },
  inProgress: { bg: 'warning.subtle', color: 'warning.fg' },
  incomplete: { bg: 'bg.muted', color: 'fg' },
};

/** An assessment's status: complete, incomplete or in progress, in words and colour. */
export function StatusBadge({ status }: { status: AssessmentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge bg={looks[status].bg} color={looks[status].color} data-status={status}>
      {t(`profile.statuses.${status}`)}
    </Badge>
  );
}
