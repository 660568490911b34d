import type { CreateReportBody } from '@coach/api';
import { reportLimits, textLength } from '@coach/domain';
import { boolean, type InferType, object, string } from 'yup';
import { maxTextLength, validationMessage as message } from '../../../core/fieldRules/index.ts';

const note = () =>
  string()
    .default('')
    .test(
      maxTextLength(reportLimits.noteMaxLength, message('profileActions.validation.noteTooLong')),
    );

/**
 * 'Generate report': four notes of at most 500 characters each (the contract's limit), and whether
 * the coach's own notes of the period go in the PDF (off unless chosen: a report is handed on).
 */
export const reportSchema = object({
  mentalWellbeing: note(),
  physicalWellbeing: note(),
  productivity: note(),
  finalComments: note(),
  includeNotes: boolean().default(false).required(),
});

/** The report form's values. */
export type ReportValues = InferType<typeof reportSchema>;

/** Whether any note is over the limit: the counter turns red and Generate waits. */
export function isAnyNoteTooLong(values: Partial<ReportValues>): boolean {
  return Object.values(values).some(
    (value) => typeof value === 'string' && textLength(value) > reportLimits.noteMaxLength,
  );
}

/** The call's body: the notes as typed (the server keeps them as given) and the choice. */
export const toReportBody = (values: ReportValues): CreateReportBody => ({ ...values });
