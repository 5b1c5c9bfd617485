import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { NotFoundScreen } from './NotFoundScreen';

const meta = {
  title: 'Screens/NotFound',
  component: NotFoundScreen,
  // Outside the data layer in the app: the public system's recipes only (.storybook/preview.tsx).
  parameters: { layout: 'fullscreen', route: '/no-such-page', dataLayer: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(c.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  },
} satisfies Meta<typeof NotFoundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { name: 'Page not found', parameters: { screenshot: { phone: true } } };

/** An unknown address inside the signed-in app: no logo header and no landmark of its own (the app frames it). */
export const InsideTheApp: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Page not found inside the app',
  args: { inApp: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
    await expect(c.queryByRole('main')).toBeNull();
    await expect(c.queryByRole('link', { name: 'PathForge home' })).toBeNull();
  },
};
