import { messagingLimits } from '@coach/domain';
import { array, type InferType, object, string } from 'yup';
import { maxTextLength, validationMessage as message } from '../../../core/fieldRules/index.ts';

const { quickRepliesMax, quickReplyMaxLength } = messagingLimits;

/**
 * The coach's quick replies (the contract's rule): at most 20, each 1 to 2000 characters (code
 * points, as the server counts) and not only white space; kept as written.
 */
export const quickRepliesSchema = object({
  items: array(
    object({
      id: string().required(),
      text: string()
        .required(message('settings.quickReplies.required'))
        // Empty is `required`'s to say.
        .test(
          'notBlank',
          message('settings.quickReplies.required'),
          (value) => value === undefined || value === '' || value.trim() !== '',
        )
        .test(maxTextLength(quickReplyMaxLength, message('settings.quickReplies.tooLong'))),
    }),
  )
    .required()
    .max(quickRepliesMax, message('settings.quickReplies.tooMany')),
});

/** The quick replies form's values. */
export type QuickRepliesValues = InferType<typeof quickRepliesSchema>;
