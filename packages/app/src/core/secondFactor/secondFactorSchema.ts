import { recoveryCodePattern, type SecondStepCodeMethod } from '@coach/domain';
import { type InferType, object, string } from 'yup';
import { codeField, validationMessage as message } from '../fieldRules/index.ts';

/** What the second factor's form tells its schema: which code it asks for. */
export type SecondFactorContext = { method: SecondStepCodeMethod };

const recoveryCode = new RegExp(recoveryCodePattern);

/**
 * A recovery code as the server wants it: lower case, the hyphen in the middle (a coach may
 * type it in capitals, or without the hyphen).
 */
export function normaliseRecoveryCode(value: string): string {
  const compact = value.trim().toLowerCase().replaceAll(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : value.trim();
}

/**
 * The code of a second factor: an authenticator app's 6 digits (the spec's code rules), or a
 * recovery code ('abcde-fghjk').
 */
export const secondFactorSchema = object({
  code: string().when('$method', ([method]: unknown[]) =>
    method === 'recovery'
      ? string()
          .transform(normaliseRecoveryCode)
          .required(message('auth.validation.codeRequired'))
          .matches(recoveryCode, message('signInFactors.validation.recoveryFormat'))
      : codeField(),
  ),
});

/** The second factor form's values. */
export type SecondFactorValues = InferType<typeof secondFactorSchema>;
