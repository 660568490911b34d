import { isOneLineName, limits } from '@coach/domain';
import { object, string } from 'yup';
import { maxTextLength } from './maxTextLength.ts';
import { validationMessage as message } from './validationMessage.ts';

/** The contract's name rule: one line, no control characters (see `isOneLineName`). */
const oneLine = (value: string | undefined) => isOneLineName(value ?? '');

/**
 * A person's first and last name (requirements R5.1), the coach's profile's and an invitee's:
 * both required, at most 250 characters each (code points, as the server counts) (trimmed, so
 * spaces alone are no name), each on one line (no line breaks or control characters, the
 * contract's rule).
 */
export const personNameSchema = object({
  firstName: string()
    .trim()
    .required(message('settings.validation.firstNameRequired'))
    .test('oneLine', message('settings.validation.firstNameOneLine'), oneLine)
    .test(maxTextLength(limits.nameMaxLength, message('settings.validation.maxNameLength'))),
  lastName: string()
    .trim()
    .required(message('settings.validation.lastNameRequired'))
    .test('oneLine', message('settings.validation.lastNameOneLine'), oneLine)
    .test(maxTextLength(limits.nameMaxLength, message('settings.validation.maxNameLength'))),
});
