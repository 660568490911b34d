// The app core's toasts: what features, routes/ and stories may import.
export { DeferredToasts } from './components/DeferredToasts.tsx';
