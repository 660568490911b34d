import { Badge } from '@chakra-ui/react';
import type { GoalEffect } from '@coach/domain';
import { useTranslation } from 'react-i18next';
import { effectLooks } from './effectLevels.ts';

/** An exercise's effect level in words and colour; none measured says so. */
export function EffectBadge({ effect }: { effect: GoalEffect | null }) {
  const { t } = useTranslation();
  if (effect === null) {
    return (
      <Badge variant="outline" data-effect="none">
        {t('profile.effects.none')}
      </Badge>
    );
  }
  const look = effectLooks[effect];
  return (
    <Badge bg={look.bg} color={look.color} data-effect={effect}>
      {t(`profile.effects.${effect}`)}
    </Badge>
  );
}
