import { type AttentionReason, describeAttentionReason as wordReason } from '@coach/domain';
import type { TFunction } from 'i18next';
import type { ClientFormats } from '../../core/clientFormats/index.ts';

/**
 * One reason in words with the app's i18next ('Mental 62% for 3 days'): the domain's rule, which
 * the morning mail words the same way (see `attentionWords.ts` in the domain).
 */
export function describeAttentionReason(
  reason: AttentionReason,
  t: TFunction,
  formats: ClientFormats,
): string {
  return wordReason(reason, (key, values) => t(key, values ?? {}), formats);
}
