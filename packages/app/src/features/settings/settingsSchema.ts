import { isOneLineName, limits } from '@coach/domain';
import { type InferType, object, string } from 'yup';
import { maxTextLength } from '../../forms/maxTextLength.ts';
import { validationMessage as message } from '../../forms/validationMessage.ts';

/** The contract's name rule: one line, no control characters (see `isOneLineName`). */
const oneLine = (value: string | undefined) => isOneLineName(value ?? '');

/**
 * The coach's profile (requirements R5.1): first and last name required, at most 250 characters each (code points, as the server counts)
 * (trimmed, so spaces alone are no name), each on one line (no line breaks or control
 * characters, the contract's rule); about me optional, at most 500.
 */
export const settingsSchema = object({
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
  aboutMe: string()
    .default('')
    .test(maxTextLength(limits.aboutMeMaxLength, message('settings.validation.aboutMeTooLong'))),
});

/** The profile form's values. */
export type SettingsValues = InferType<typeof settingsSchema>;
