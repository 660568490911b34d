import { type InferType, object, string } from 'yup';
import { validationMessage as message } from '../../core/fieldRules/index.ts';

/** 'Invite client' (requirements R5.2): the email, trimmed, required and well formed. */
export const inviteSchema = object({
  email: string()
    .trim()
    .required(message('auth.validation.emailRequired'))
    .email(message('auth.validation.emailFormat')),
});

/** The invite form's values. */
export type InviteValues = InferType<typeof inviteSchema>;
