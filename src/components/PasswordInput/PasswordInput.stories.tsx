import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Box, Field } from '@chakra-ui/react';
import { PasswordInput } from './PasswordInput';

type Args = { defaultVisible?: boolean; disabled?: boolean; invalid?: boolean; defaultValue?: string };

function Demo({ defaultVisible, disabled, invalid, defaultValue }: Args) {
  return (
    <Field.Root disabled={disabled} invalid={invalid} maxW="sm">
      <Field.Label>Password</Field.Label>
      <PasswordInput defaultVisible={defaultVisible} defaultValue={defaultValue} autoComplete="current-password" />
    </Field.Root>
  );
}

const meta = {
  title: 'Components/PasswordInput',
  component: Demo,
  decorators: [
    (Story) => (
      <Box p="6" bg="surface" minH="100dvh">
        {Story()}
      </Box>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  args: { defaultValue: 'correct-horse' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const toggle = c.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', c.getByLabelText('Password').id);
  },
};

export const Shown: Story = {
  args: { defaultVisible: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await expect(c.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Keyboard only: Tab reaches the toggle after the input, Space toggles, focus stays on the toggle. */
export const KeyboardToggle: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Password');
    await userEvent.click(input);
    await userEvent.tab();
    const toggle = c.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAccessibleName('Hide password');
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAccessibleName('Show password');
  },
};

export const Invalid: Story = { args: { invalid: true } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText('Password')).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
