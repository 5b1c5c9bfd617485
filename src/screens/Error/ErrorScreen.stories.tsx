import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorScreen } from './ErrorScreen';

const meta = {
  title: 'Screens/Error',
  component: ErrorScreen,
  args: { onReload: fn() },
  // Outside the data layer in the app: the public system's recipes only (.storybook/preview.tsx).
  parameters: { dataLayer: false },
} satisfies Meta<typeof ErrorScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Something went wrong',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'This page didn’t load' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Reload page' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
    await expect(c.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  },
};
