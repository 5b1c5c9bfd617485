import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

/** The app build's own steps (pre-compression, font preload, prerendering: see vite.config.ts). */
const isAppBuildStep = (plugin: PluginOption) => typeof plugin === 'object' && plugin !== null && 'name' in plugin && plugin.name.startsWith('pathforge:');
const withoutAppBuildSteps = (plugins: PluginOption[]): PluginOption[] =>
  plugins.filter((plugin) => !isAppBuildStep(plugin)).map((plugin) => (Array.isArray(plugin) ? withoutAppBuildSteps(plugin) : plugin));

const config: StorybookConfig = {
  stories: ['../docs/storybook/*.mdx', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // @chakra-ui/react's package.json names an online Storybook; never load it.
  refs: { '@chakra-ui/react': { disable: true } },
  // Storybook reads vite.config.ts; its own build needs none of the app build's steps (prerendering
  // would look for the app's index.html in Storybook's output).
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: withoutAppBuildSteps(viteConfig.plugins ?? []) }),
};

export default config;
