import { type InferType, object, string } from 'yup';
import { validationMessage as message } from '../../forms/validationMessage.ts';

/** Sign-in (requirements R5.6): email trimmed, required, well formed; password required. */
export const signInSchema = object({
  email: string()
    .trim()
    .required(message('auth.validation.emailRequired'))
    .email(message('auth.validation.emailFormat')),
  password: string().required(message('auth.validation.passwordRequired')),
});

/** The sign-in form's values. */
export type SignInValues = InferType<typeof signInSchema>;
