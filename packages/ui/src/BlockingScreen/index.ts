export { BlockingScreen, type BlockingScreenProps } from './BlockingScreen.tsx';
