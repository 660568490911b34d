import { hasPasswordCharacters, isLongEnoughPassword } from '@coach/domain';
import { type InferType, object, string } from 'yup';
import { codeField } from '../../forms/codeField.ts';
import { validationMessage as message } from '../../forms/validationMessage.ts';

/** Step 1 (requirements R5.2): the email, trimmed, required and well formed. */
export const emailStepSchema = object({
  email: string()
    .trim()
    .required(message('auth.validation.emailRequired'))
    .email(message('auth.validation.emailFormat')),
});

/** Step 2 (requirements R5.5): the code, trimmed, required, exactly 6 characters, digits only. */
export const codeStepSchema = object({ code: codeField() });

/**
 * Step 3 (requirements R5.3, R5.4): the new password (required, 8+ characters, numbers and both cases) and
 * its confirmation (required, equal). A mismatch is reported on both fields.
 */
export const newPasswordStepSchema = object({
  password: string()
    .required(message('auth.validation.passwordRequired'))
    .test('minLength', message('auth.validation.passwordMinLength'), (value) =>
      isLongEnoughPassword(value ?? ''),
    )
    .test('characters', message('auth.validation.passwordRules'), (value) =>
      hasPasswordCharacters(value ?? ''),
    )
    .test(
      'matchesConfirmation',
      message('auth.validation.passwordsDoNotMatch'),
      (value, context) => {
        const confirmation = (context.parent as { confirmPassword?: string }).confirmPassword;
        // An empty confirmation is reported on its own field only.
        return !confirmation || value === confirmation;
      },
    ),
  confirmPassword: string()
    .required(message('auth.validation.confirmPasswordRequired'))
    .test('matchesPassword', message('auth.validation.passwordsDoNotMatch'), (value, context) => {
      return value === (context.parent as { password?: string }).password;
    }),
});

export type EmailStepValues = InferType<typeof emailStepSchema>;
export type CodeStepValues = InferType<typeof codeStepSchema>;
export type NewPasswordStepValues = InferType<typeof newPasswordStepSchema>;
