import { type InferType, object, string } from 'yup';
import { codeField, validationMessage as message } from '../fieldRules/index.ts';

/** Step 1 (requirements R5.2): the email, trimmed, required and well formed. */
export const emailStepSchema = object({
  email: string()
    .trim()
    .required(message('auth.validation.emailRequired'))
    .email(message('auth.validation.emailFormat')),
});

/** Step 2 (requirements R5.5): the code, trimmed, required, exactly 6 characters, digits only. */
export const codeStepSchema = object({ code: codeField() });

export type EmailStepValues = InferType<typeof emailStepSchema>;
export type CodeStepValues = InferType<typeof codeStepSchema>;
