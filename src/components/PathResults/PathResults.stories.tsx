import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Card } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../EmptyState/EmptyState';
import { PathResults } from './PathResults';

type Item = { id: string; title: string };
const items: Item[] = ['Frontend Development', 'Backend Development', 'Mobile Development', 'Cloud Computing'].map((title, i) => ({ id: String(i + 1), title }));

/** The result list of Learning Paths and Browse Paths (their screens show it with the real cards). */
const meta = {
  title: 'Components/PathResults',
  component: PathResults<Item>,
  decorators: [
    (Story) => (
      <Box p="8" bg="page" minH="100dvh">
        <Story />
      </Box>
    ),
  ],
  args: {
    items,
    getKey: (item: Item) => item.id,
    renderItem: (item: Item) => (
      <Card.Root variant="outline" bg="surface" p="6">
        <Card.Title as="h2">{item.title}</Card.Title>
      </Card.Root>
    ),
    empty: <EmptyState icon={<SearchX />} title="No paths match your search" action={<Button variant="outline">Clear filters</Button>} />,
  },
} satisfies Meta<typeof PathResults<Item>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Several: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('4 paths');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
  },
};

export const One: Story = {
  args: { items: items.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('1 path');
  },
};

export const NoResults: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('0 paths');
    await expect(canvas.getByRole('heading', { name: 'No paths match your search' })).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };
