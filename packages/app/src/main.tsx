import '@fontsource-variable/inter';
// The design system's global styles as a stylesheet: static CSS, not in the JavaScript.
import '@coach/ui/global.css';
// The app's own static styles (the signed-out layout, the sign-in screen), made the same way.
import './styles/static.css';
import { createLocalStorageTokenStore } from '@coach/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { createAppI18n } from './i18n/createAppI18n.ts';
import { preloadSignInScreen } from './routes/preloadSignInScreen.ts';
import { screens } from './routes/screens.ts';

const { i18n } = createAppI18n();
preloadSignInScreen(screens.signIn, {
  hasStoredSession: createLocalStorageTokenStore().getAccessToken() !== null,
  pathname: window.location.pathname,
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
