import type { SetFollowUpBody } from '@coach/api';
import { yupResolver } from '@hookform/resolvers/yup';
import { useSubmitOnlyForm } from '../../../core/forms/index.ts';
import { followUpFieldsOf } from '../followUp/FollowUpFields.tsx';
import {
  chosenFollowUp,
  noFollowUp,
  type OptionalFollowUpValues,
  optionalFollowUpSchema,
  toFollowUpBody,
} from '../followUp/followUpSchema.ts';
import { useCoachToday } from '../followUp/useCoachToday.ts';
import { useFollowUpActions } from '../followUp/useFollowUpActions.ts';

/**
 * 'Check in again on…' beside the message composer: `check` before the message is sent (false:
 * the part says what is wrong and the message waits; null: none ticked), `set` once it is stored,
 * since a new message ends the open follow-up.
 */
export function useMessageFollowUp(clientId: string) {
  const { today, latest } = useCoachToday();
  const { setFollowUp } = useFollowUpActions(clientId);
  const { form, register, fieldError } = useSubmitOnlyForm<OptionalFollowUpValues>({
    resolver: yupResolver(optionalFollowUpSchema),
    // The coach's today, for the date rule (the resolver hands the schema the form's context).
    context: { today },
    defaultValues: noFollowUp,
  });

  const check = async (): Promise<SetFollowUpBody | null | false> => {
    if (!form.getValues('hasFollowUp')) return null;
    if (!(await form.trigger())) return false;
    const chosen = chosenFollowUp(form.getValues());
    return chosen ? toFollowUpBody(chosen) : null;
  };

  const set = async (body: SetFollowUpBody) => {
    const outcome = await setFollowUp(body);
    if (outcome.isSet) form.reset(noFollowUp);
  };

  const part = {
    isOn: form.watch('hasFollowUp'),
    onToggle: (isOn: boolean) => {
      form.clearErrors(['dueDate', 'reason']);
      form.setValue('hasFollowUp', isOn);
    },
    ...followUpFieldsOf(register, fieldError, { today, latest }),
  };
  return { check, set, part };
}
