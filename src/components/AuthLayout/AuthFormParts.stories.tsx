import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Stack } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { BackToSignIn, FormError, OrDivider } from './AuthFormParts';

/** The small parts every sign-in form shares (AuthLayout's stories show them in a form). */
function Parts({ message }: { message: string | null }) {
  return (
    <Box p="8" bg="page" minH="100dvh">
      <Stack gap="5" maxW="sm" bg="surface" p="6" rounded="xl" borderWidth="1px">
        <FormError id="form-error" message={message} />
        <OrDivider />
        <BackToSignIn />
      </Stack>
    </Box>
  );
}

const meta = {
  title: 'Components/AuthFormParts',
  component: Parts,
  args: { message: 'Invalid email address!' },
} satisfies Meta<typeof Parts>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Invalid email address!')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  },
};

export const NoError: Story = {
  args: { message: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText('Invalid email address!')).toBeNull();
  },
};
