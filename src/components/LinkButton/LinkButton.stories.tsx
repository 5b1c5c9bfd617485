import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { expect, within } from 'storybook/test';

import { LinkButton } from './LinkButton';

const meta = {
  title: 'Components/LinkButton',
  component: LinkButton,
  decorators: [
    (Story) => (
      <HStack p="8" bg="page" minH="100dvh" align="flex-start" gap="3" wrap="wrap">
        <Story />
      </HStack>
    ),
  ],
} satisfies Meta<typeof LinkButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Router links drawn as buttons, next to a real button of the same recipe: they look alike and stay links. */
export const BesideAButton: Story = {
  name: 'Beside a button',
  render: () => (
    <>
      <LinkButton asChild colorPalette="brand">
        <RouterLink to="/app/paths">
          Go to your paths <ArrowRight aria-hidden="true" />
        </RouterLink>
      </LinkButton>
      <LinkButton asChild variant="outline" size="sm">
        <RouterLink to="/app/leaderboard">View Full Leaderboard</RouterLink>
      </LinkButton>
      <Button colorPalette="brand">A real button</Button>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const link = canvas.getByRole('link', { name: 'Go to your paths' });
    await expect(link).toHaveAttribute('href', '/app/paths');
    // What <Button asChild> got wrong: `type` is for buttons; on a link it is invalid HTML.
    await expect(link).not.toHaveAttribute('type');
    await expect(canvas.getByRole('link', { name: 'View Full Leaderboard' })).not.toHaveAttribute('type');
    // Same recipe, same look: the link is as tall as the real button of its size.
    const button = canvas.getByRole('button', { name: 'A real button' });
    await expect(link.getBoundingClientRect().height).toBe(button.getBoundingClientRect().height);
  },
};
