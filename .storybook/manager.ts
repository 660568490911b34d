import { addons } from 'storybook/manager-api';
import { create } from 'storybook/theming';
import { palette } from '../packages/ui/src/theme/palette.ts';

// Coach's brand in the Storybook UI: its name and mark in the sidebar, its colours for the
// selection and the links (the same palette as the components).
addons.setConfig({
  theme: create({
    base: 'light',
    brandTitle: 'Coach UI',
    brandUrl: './',
    brandImage: './coach-logo.svg',
    brandTarget: '_self',
    colorPrimary: palette.brand[700],
    colorSecondary: palette.brand[600],
    appBg: palette.ink[50],
    barSelectedColor: palette.brand[700],
    fontBase: '"Inter Variable", "Inter", system-ui, sans-serif',
  }),
});
