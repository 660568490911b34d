import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createStore, Provider as JotaiProvider } from '../../../state/jotai.ts';
import { createTestI18n } from '../../../test/testI18n.ts';
import { coachLanguageAtom } from '../atoms/coachLanguageAtom.ts';
import { CoachLanguageEffect } from './CoachLanguageEffect.tsx';

function Title() {
  const { t } = useTranslation();
  return <h1>{t('settings.title')}</h1>;
}

function renderApp() {
  const i18n = createTestI18n();
  const store = createStore();
  render(
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <CoachLanguageEffect />
        <Title />
      </JotaiProvider>
    </I18nextProvider>,
  );
  return { i18n, store };
}

describe('CoachLanguageEffect', () => {
  it('keeps the detected language until the saved one is known', () => {
    renderApp();
    expect(screen.getByRole('heading')).toHaveTextContent('Settings');
  });

  it("switches to the coach's saved language, over the detected one", async () => {
    const { i18n, store } = renderApp();
    await act(async () => store.set(coachLanguageAtom, { language: 'es' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Ajustes');
    expect(i18n.resolvedLanguage).toBe('es');
  });

  it('applies the saved language again once the language was changed meanwhile', async () => {
    const { i18n, store } = renderApp();
    await act(async () => store.set(coachLanguageAtom, { language: 'es' }));
    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(screen.getByRole('heading')).toHaveTextContent('Settings');
    await act(async () => store.set(coachLanguageAtom, { language: 'es' }));
    expect(screen.getByRole('heading')).toHaveTextContent('Ajustes');
  });
});
