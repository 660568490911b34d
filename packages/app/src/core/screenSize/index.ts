// The app core's screenSize: what features, routes/ and stories may import.
export { ScreenSizeGate } from './components/ScreenSizeGate.tsx';
export { ScreenSizeMessage } from './components/ScreenSizeMessage.tsx';
export { MIN_APP_WIDTH, rootFontSizeFor, rootFontSizeTable } from './screenRules.ts';
