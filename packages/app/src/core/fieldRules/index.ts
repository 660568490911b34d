// The app core's field rules: what the features' schemas may import. The rules and messages that
// two forms share (a mailed code, a person's name, a new password, a length as the server counts
// it), so that they are one, not copies.
export { codeField } from './codeField.ts';
export { maxTextLength } from './maxTextLength.ts';
export { type NewPasswordValues, newPasswordSchema } from './newPasswordSchema.ts';
export { personNameSchema } from './personNameSchema.ts';
export { validationMessage } from './validationMessage.ts';
