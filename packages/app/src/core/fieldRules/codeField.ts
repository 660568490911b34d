import { limits } from '@coach/domain';
import { string } from 'yup';
import { validationMessage as message } from './validationMessage.ts';

/**
 * A code mailed to the coach (requirements R5.5): trimmed, required, exactly 6 characters, digits
 * only. The reset flow's code and the sign-in code read alike, so their messages are one.
 */
export const codeField = () =>
  string()
    .trim()
    .required(message('auth.validation.codeRequired'))
    .length(limits.codeLength, message('auth.validation.codeLength'))
    .matches(/^\d+$/, message('auth.validation.codeDigits'));
