import { hasPasswordCharacters, isLongEnoughPassword } from '@coach/domain';
import { type InferType, object, string } from 'yup';
import { validationMessage as message } from './validationMessage.ts';

/**
 * A new password (requirements R5.3, R5.4), the reset's third step's and an invitee's: the
 * password (required, 8+ characters, numbers and both cases) and its confirmation (required,
 * equal). A mismatch is reported on both fields.
 */
export const newPasswordSchema = object({
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

/** A new password's values. */
export type NewPasswordValues = InferType<typeof newPasswordSchema>;
