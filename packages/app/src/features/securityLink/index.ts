// The securityLink feature's public face: what other features, routes/ and stories may import.
export { SecurityLinkScreen } from './components/SecurityLinkScreen.tsx';
