// The auth feature's public face: what other features, routes/ and stories may import.
export { secondStepExpiredAtom } from './atoms/secondStepExpiredAtom.ts';
export { SecondFactorForm } from './components/SecondFactorForm.tsx';
export { SecondStep } from './components/SecondStep.tsx';
export { SignInScreen } from './components/SignInScreen.tsx';
export { type FactorFailure, factorFailureOf } from './factorFailure.ts';
