// The app core's second factor (decision 73): what features may import. The form of a passkey or
// a code (a sign-in's second step, a signed-in coach's step-up) and the sign-in's second step
// built on it, where the sign-in and the password reset end. The sign-in screen loads it on
// demand; why a factor did not pass is core/session's (the sign-in route needs that at once).
export { SecondFactorForm } from './components/SecondFactorForm.tsx';
export { SecondStep } from './components/SecondStep.tsx';
