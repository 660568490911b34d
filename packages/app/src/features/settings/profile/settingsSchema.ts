import { limits } from '@coach/domain';
import { type InferType, string } from 'yup';
import {
  maxTextLength,
  validationMessage as message,
  personNameSchema,
} from '../../../core/fieldRules/index.ts';

/**
 * The coach's profile (requirements R5.1): the first and last name by the rules of a person's
 * name; about me optional, at most 500.
 */
export const settingsSchema = personNameSchema.shape({
  aboutMe: string()
    .default('')
    .test(maxTextLength(limits.aboutMeMaxLength, message('settings.validation.aboutMeTooLong'))),
});

/** The profile form's values. */
export type SettingsValues = InferType<typeof settingsSchema>;
