// The auth feature's public face: what other features, routes/ and stories may import.
export { SignInScreen } from './components/SignInScreen.tsx';
