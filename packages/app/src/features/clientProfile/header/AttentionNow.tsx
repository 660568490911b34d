import { HStack, Text } from '@chakra-ui/react';
import type { ClientProfileSummary } from '@coach/api';
import { attentionOf, describeAttentionReason } from '@coach/domain';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert } from 'react-icons/lu';
import type { ClientFormats } from '../../../core/clientFormats/index.ts';

export type AttentionNowProps = {
  summary: ClientProfileSummary;
  now: Date;
  formats: ClientFormats;
};

/**
 * Why the client needs attention now, in the clients list's words: the domain's verdict on the
 * summary's figures (the list's rule, `attentionOf`), each reason worded by the domain. Nothing
 * when the client needs none.
 */
export function AttentionNow({ summary, now, formats }: AttentionNowProps) {
  const { t } = useTranslation();
  const { reasons } = attentionOf(summary, now);
  if (reasons.length === 0) return null;
  const words = reasons
    .map((reason) =>
      describeAttentionReason(reason, (key, values) => t(key, values ?? {}), formats),
    )
    .join(' · ');
  return (
    <HStack gap="2" align="baseline" color="warning.fg" textStyle="sm" fontWeight="medium">
      <LuTriangleAlert aria-hidden />
      <Text>
        {t('clientProfile.attentionNow')} {words}
      </Text>
    </HStack>
  );
}
