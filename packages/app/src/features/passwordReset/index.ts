// The passwordReset feature's public face: what other features, routes/ and stories may import.
export { PasswordResetScreen } from './components/PasswordResetScreen.tsx';
