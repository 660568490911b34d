// The app core's password steps: what features may import. The reset's three steps (email, the
// mailed code, the new password) and the second step after them, for the signed-out
// '/changePassword' screen and Settings' 'Change password'.
export { PasswordResetSteps } from './components/PasswordResetSteps.tsx';
