// The app core's layout: what features, routes/ and stories may import.
export { AuthLayout } from './components/AuthLayout.tsx';
export { Logo } from './components/Logo.tsx';
export { RouterLink } from './components/RouterLink.tsx';
export { TextLink } from './components/TextLink.tsx';
