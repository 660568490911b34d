import { type InferType, object } from 'yup';
import { codeField } from '../../../core/fieldRules/index.ts';

/** The authenticator app's first code: the spec's code rules (6 digits). */
export const authenticatorCodeSchema = object({ code: codeField() });

/** The enrolment's code form values. */
export type AuthenticatorCodeValues = InferType<typeof authenticatorCodeSchema>;
