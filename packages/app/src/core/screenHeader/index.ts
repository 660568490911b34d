// The signed-in screens' header: what features may import. A module of its own, apart from the
// layout that every route loads, so the sign-in route does not carry it.

export { ScreenHeader } from './components/ScreenHeader.tsx';
