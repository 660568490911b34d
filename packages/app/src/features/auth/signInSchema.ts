import { type InferType, object, string } from 'yup';
import { codeField, validationMessage as message } from '../../core/fieldRules/index.ts';

/** What the sign-in form tells its schema (react-hook-form's `context`). */
export type SignInContext = {
  /** The account asked for its mailed code: the code field is shown and checked. */
  isCodeAsked: boolean;
};

/**
 * Sign-in (requirements R5.6): email trimmed, required, well formed; password required; and, once
 * the account asked for its mailed code, the code with the reset flow's rules. Until then the code
 * is left out of the values, so a sign-in without one sends none.
 */
export const signInSchema = object({
  email: string()
    .trim()
    .required(message('auth.validation.emailRequired'))
    .email(message('auth.validation.emailFormat')),
  password: string().required(message('auth.validation.passwordRequired')),
  code: string().when('$isCodeAsked', ([isCodeAsked]: unknown[], code) =>
    isCodeAsked === true ? codeField() : code.strip(),
  ),
});

/** The sign-in form's values. */
export type SignInValues = InferType<typeof signInSchema>;
