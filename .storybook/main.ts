import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', 'msw-storybook-addon'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['./public'],
  // Chakra UI's package.json names its own published Storybook, which Storybook would compose into
  // the sidebar: on a closed network (and in CI) it fails to load ('Something went wrong loading
  // this Storybook'), and its cross-origin frame fails the Interactions panel of our stories. Ours
  // documents the components we ship; Chakra's documentation is a link away.
  refs: { '@chakra-ui/react': { disable: true } },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      // Workspace packages resolve to their sources, so stories never need a prior build.
      resolve: { conditions: ['coach-source'] },
      build: {
        chunkSizeWarningLimit: 4096,
        rolldownOptions: {
          onLog(
            level: string,
            log: { code?: string },
            handler: (level: string, log: unknown) => void,
          ) {
            if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
            handler(level, log);
          },
        },
      },
    });
  },
};

export default config;
