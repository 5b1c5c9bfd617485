import type { Decorator, Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { loadDeferredParts } from '../src/delivery/deferred';
import { UiProvider } from '../src/components/ui/provider';
import { RecipesProvider } from '../src/components/ui/recipes';
import { clearToasts } from '../src/components/ui/toaster';
import { applyColorMode, type ColorMode } from '../src/theme/colorMode';
import { formRecipes } from '../src/theme/forms';
import { startStoryWorker } from './msw';
import './preview.css';

/**
 * Stories render inside PathForge's providers; `globals.theme` picks light or dark. A story with
 * `parameters.ownRouter` (the Flows/ stories, which run the app's real route table) brings its own
 * router; every other story gets a MemoryRouter at `parameters.route`, and the recipes the app gives
 * the pages below its data layer (src/routes/data.layout.tsx: the forms', src/theme/forms.ts), unless
 * `parameters.dataLayer` is false: the screens the app shows outside it (landing, not found, error)
 * are tested with what they get there, the public system alone.
 */
const withProviders: Decorator = (Story, context) => {
  applyColorMode((context.globals.theme as ColorMode | undefined) ?? 'light');
  if (context.parameters.ownRouter) {
    return (
      <UiProvider>
        <Story />
      </UiProvider>
    );
  }
  const route = (context.parameters.route as string | undefined) ?? '/';
  const story = (
    <MemoryRouter initialEntries={[route]}>
      <Story />
    </MemoryRouter>
  );
  return <UiProvider>{context.parameters.dataLayer === false ? story : <RecipesProvider recipes={formRecipes}>{story}</RecipesProvider>}</UiProvider>;
};

const preview: Preview = {
  // Every screen and component gets a docs page listing its states (Flows opt out: see there).
  tags: ['autodocs'],
  decorators: [withProviders],
  // A deferred part (src/delivery/deferred.tsx) is loaded before the story renders: no screenshot of a gap.
  loaders: [mswLoader(startStoryWorker), loadDeferredParts],
  beforeEach() {
    // Toasts live outside the story's root: without this they leak from one story into the next.
    clearToasts();
    window.scrollTo(0, 0);
  },
  initialGlobals: { theme: 'light' },
  globalTypes: {
    theme: {
      description: 'Colour mode',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'fullscreen',
    options: { storySort: { order: ['Start here', 'Screens', 'Flows', 'Components'] } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is an accessibility test: a violation fails it.
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile: { name: 'Phone (375 px)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        tablet: { name: 'Tablet (768 px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
