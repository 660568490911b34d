// The passwordReset feature's public face: what other features, routes/ and stories may import.
export { PasswordResetScreen } from './components/PasswordResetScreen.tsx';
export { PasswordResetSteps } from './components/PasswordResetSteps.tsx';
export { newPasswordStepSchema } from './passwordResetSchemas.ts';
export { passwordResetStartState } from './passwordResetStart.ts';
