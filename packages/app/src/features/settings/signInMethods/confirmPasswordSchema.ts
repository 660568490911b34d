import { type InferType, object, string } from 'yup';
import { validationMessage as message } from '../../../core/fieldRules/index.ts';

/** The password entered again before a change of the sign-in methods: required, as typed. */
export const confirmPasswordSchema = object({
  password: string().required(message('auth.validation.passwordRequired')),
});

/** The password dialog's values. */
export type ConfirmPasswordValues = InferType<typeof confirmPasswordSchema>;
