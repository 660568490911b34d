import { toApiError } from '@coach/api';
import type { TFunction } from 'i18next';
import { describeCallFailure } from '../../../errors/callFailure.ts';
import type { TranslationKey } from '../../../i18n/translationKey.ts';

/**
 * The words for a failed change of the sign-in methods: the refusals that say something to the
 * coach (the last factor under REQUIRE_MFA, the passkey limit), else the action's own failure.
 */
export function describeMethodsFailure(error: unknown, t: TFunction, otherwise: TranslationKey) {
  const { code } = toApiError(error);
  if (code === 'last_second_factor') return t('signInFactors.methods.lastFactor');
  if (code === 'factor_limit_reached') return t('signInFactors.methods.passkeyLimit');
  return describeCallFailure(error, t, t(otherwise));
}
