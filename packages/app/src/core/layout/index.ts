// The app core's layout: what features, routes/ and stories may import. The signed-in screens'
// header (`components/ScreenHeader.tsx`) is imported from its file: only those lazy screens use
// it, so the sign-in route does not carry it.
export { AuthLayout } from './components/AuthLayout.tsx';
export { Logo } from './components/Logo.tsx';
export { SignedInLayout } from './components/SignedInLayout.tsx';
export { TextLink } from './components/TextLink.tsx';
