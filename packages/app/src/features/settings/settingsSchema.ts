import { limits } from '@coach/api';
import { type InferType, object, string } from 'yup';
import { maxTextLength } from '../../forms/maxTextLength.ts';
import { validationMessage as message } from '../../forms/validationMessage.ts';

/**
 * The coach's profile (spec point 5): first and last name required, at most 250 characters each (code points, as the server counts)
 * (trimmed, so spaces alone are no name); about me optional, at most 500.
 */
export const settingsSchema = object({
  firstName: string()
    .trim()
    .required(message('settings.validation.firstNameRequired'))
    .test(maxTextLength(limits.nameMaxLength, message('settings.validation.maxNameLength'))),
  lastName: string()
    .trim()
    .required(message('settings.validation.lastNameRequired'))
    .test(maxTextLength(limits.nameMaxLength, message('settings.validation.maxNameLength'))),
  aboutMe: string()
    .default('')
    .test(maxTextLength(limits.aboutMeMaxLength, message('settings.validation.aboutMeTooLong'))),
});

/** The profile form's values. */
export type SettingsValues = InferType<typeof settingsSchema>;
