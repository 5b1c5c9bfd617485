import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { providerLinksGitHubOnly, providerLinksOff, providerLinksOn } from '../../fixtures';
import { ProviderButtons, providerUnavailable, type ProviderButtonsProps } from './ProviderButtons';

function InCard(props: ProviderButtonsProps) {
  return (
    <Box p="8" bg="page" minH="100dvh">
      <Box maxW="sm" bg="surface" p="6" rounded="xl" borderWidth="1px">
        <ProviderButtons {...props} />
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Components/ProviderButtons',
  component: InCard,
  args: { providers: providerLinksOn },
} satisfies Meta<typeof InCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BothSetUp: Story = {
  name: 'Both set up',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', providerLinksOn.google);
    await expect(c.getByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute('href', providerLinksOn.github);
  },
};

export const NoneSetUp: Story = {
  name: 'Neither set up',
  args: { providers: providerLinksOff },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription(providerUnavailable('google'));
    await expect(c.getByRole('button', { name: 'Continue with GitHub' })).toHaveAccessibleDescription(providerUnavailable('github'));
    await expect(c.queryByRole('link')).toBeNull();
  },
};

export const OneSetUp: Story = {
  name: 'Only GitHub set up',
  args: { providers: providerLinksGitHubOnly },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(c.getByRole('link', { name: 'Continue with GitHub' })).toBeVisible();
  },
};

export const Busy: Story = {
  name: 'While the form is sent',
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  },
};
