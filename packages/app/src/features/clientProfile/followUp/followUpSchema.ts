import type { SetFollowUpBody } from '@coach/api';
import { latestFollowUpDate, notesLimits } from '@coach/domain';
import { boolean, type InferType, object, string } from 'yup';
import { maxTextLength, validationMessage as message } from '../../../core/fieldRules/index.ts';

/** What the follow-up's date is checked against: the coach's today (their time zone's date). */
export type FollowUpContext = { today: string };

const todayOf = (context: unknown) => (context as FollowUpContext | undefined)?.today ?? '';

/**
 * A follow-up's day and reason (the domain's date rule, said before the call): a day from the
 * coach's today to the same day two years later, and a reason of 1 to 200 characters. The
 * coach's today comes in the schema's context (the form's `context: { today }`).
 */
const followUpFields = {
  dueDate: string()
    .default('')
    .required(message('clientProfile.followUp.validation.dateRequired'))
    .test(
      'notBefore',
      message('clientProfile.followUp.validation.dateBeforeToday'),
      (value, test) =>
        // The date input answers YYYY-MM-DD or nothing: the text order is the calendar's.
        !value || value >= todayOf(test.options.context),
    )
    .test('notAfter', message('clientProfile.followUp.validation.dateTooLate'), (value, test) => {
      const today = todayOf(test.options.context);
      return !value || today === '' || value <= latestFollowUpDate(today);
    }),
  reason: string()
    .default('')
    .trim()
    .required(message('clientProfile.followUp.validation.reasonRequired'))
    .test(
      maxTextLength(
        notesLimits.followUpReasonMaxLength,
        message('clientProfile.followUp.validation.reasonTooLong'),
      ),
    ),
};

/** Setting or moving the follow-up on its own. */
export const followUpSchema = object(followUpFields);

/** The follow-up form's values. */
export type FollowUpValues = InferType<typeof followUpSchema>;

/** A form with no follow-up chosen yet. */
export const emptyFollowUp: FollowUpValues = { dueDate: '', reason: '' };

/** The call's body from checked values (the reason trimmed by the schema). */
export const toFollowUpBody = ({ dueDate, reason }: FollowUpValues): SetFollowUpBody => ({
  dueDate,
  reason: reason.trim(),
});

/**
 * 'Check in again on…' as a part of another form (a note, a message): when ticked, the day and
 * reason are checked as the follow-up form checks them; otherwise they are not.
 */
export const optionalFollowUpFields = {
  hasFollowUp: boolean().default(false),
  dueDate: string()
    .default('')
    .when('hasFollowUp', ([hasFollowUp], schema) =>
      hasFollowUp ? followUpFields.dueDate : schema,
    ),
  reason: string()
    .default('')
    .when('hasFollowUp', ([hasFollowUp], schema) => (hasFollowUp ? followUpFields.reason : schema)),
};

/** The optional follow-up of a message. */
export const optionalFollowUpSchema = object(optionalFollowUpFields);

/** The optional follow-up's values. */
export type OptionalFollowUpValues = InferType<typeof optionalFollowUpSchema>;

/** Nothing ticked. */
export const noFollowUp: OptionalFollowUpValues = { hasFollowUp: false, dueDate: '', reason: '' };

/** The follow-up of a ticked part, and none otherwise. */
export const chosenFollowUp = (values: OptionalFollowUpValues): FollowUpValues | null =>
  values.hasFollowUp ? { dueDate: values.dueDate, reason: values.reason } : null;
