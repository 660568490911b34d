// The app core's session: what features, routes/ and stories may import.

export type { AuthStatus } from './atoms/authStatusAtom.ts';
export { authStatusAtom } from './atoms/authStatusAtom.ts';
export { coachApiAtom, getCoachApi } from './atoms/coachApiAtom.ts';
export { currentProfileAtom } from './atoms/currentProfileAtom.ts';
export { currentUserAtom } from './atoms/currentUserAtom.ts';
export { enrolmentDoneAtom } from './atoms/enrolmentDoneAtom.ts';
export { forgetSessionAtom } from './atoms/forgetSessionAtom.ts';
export { hasLoggedOutAtom } from './atoms/hasLoggedOutAtom.ts';
export type { LoginFailure, PendingSecondStep } from './atoms/loginAtom.ts';
export { loginAtom } from './atoms/loginAtom.ts';
export { logoutAtom } from './atoms/logoutAtom.ts';
export { readInSession } from './atoms/readInSession.ts';
export { secondStepExpiredAtom } from './atoms/secondStepExpiredAtom.ts';
export { sessionErrorAtom } from './atoms/sessionErrorAtom.ts';
export type { SessionStartResult } from './atoms/startSessionAtom.ts';
export { startSessionAtom } from './atoms/startSessionAtom.ts';
export { tokenStoreAtom } from './atoms/tokenStoreAtom.ts';
export { CoachApiProvider } from './components/CoachApiProvider.tsx';
export { SessionSyncEffect } from './components/SessionSyncEffect.tsx';
export { describeFactorFailure, type FactorFailure, factorFailureOf } from './factorFailure.ts';
export { useCoachApi } from './hooks/useCoachApi.ts';
export { requireProvided } from './requireProvided.ts';
export { describeSessionFailure } from './sessionFailure.ts';
