import { signInFactorLimits } from '@coach/domain';
import { type InferType, object, string } from 'yup';
import { validationMessage as message } from '../../../core/fieldRules/index.ts';

/** A passkey's name: trimmed, required, at most 60 characters (the contract's rule). */
export const passkeyNameSchema = object({
  name: string()
    .trim()
    .required(message('signInFactors.methods.passkeyNameRequired'))
    .max(
      signInFactorLimits.passkeyNameMaxLength,
      message('signInFactors.methods.passkeyNameTooLong'),
    ),
});

/** The passkey name form's values. */
export type PasskeyNameValues = InferType<typeof passkeyNameSchema>;
