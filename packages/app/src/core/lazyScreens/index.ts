// The app core's lazyScreens: what features, routes/ and stories may import.
export { ScreenLoadError } from './components/ScreenLoadError.tsx';
export type { ScreenLoader } from './lazyScreen.tsx';
export { LazyScreen } from './lazyScreen.tsx';
export {
  PreloadScreenProvider,
  usePreloadScreen,
  usePreloadScreenWhenIdle,
} from './preloadScreen.ts';
