import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { FormError, OrDivider } from './AuthFormParts';
import { ProviderButtons } from './ProviderButtons';
import { providerLinksOn } from '../../fixtures';

const meta = {
  title: 'Components/AuthLayout',
  component: AuthLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'Sign-in screen title',
    subtitle: 'A short line that says what this screen is for.',
    children: (
      <Stack gap="5">
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input size="lg" />
        </Field.Root>
        <Button colorPalette="brand" size="lg">
          Continue
        </Button>
      </Stack>
    ),
    footer: (
      <>
        A footer line with a{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/login">link</RouterLink>
        </Link>
      </>
    ),
  },
} satisfies Meta<typeof AuthLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Sign-in screen title' })).toBeVisible();
    // The card's title is the page's only heading (the brand panel's big line is a paragraph).
    await expect(c.getAllByRole('heading')).toHaveLength(1);
    await expect(c.getByRole('link', { name: 'PathForge home' })).toHaveAttribute('href', '/');
    // From 1024 px the brand panel shows the product's promises.
    await expect(c.getByRole('complementary', { name: 'About PathForge' })).toBeVisible();
  },
};

export const TitleOnly: Story = { args: { subtitle: undefined, footer: undefined } };

/** The shared pieces of the sign-in forms: the kept message, the "or" divider and the provider links. */
export const WithFormParts: Story = {
  args: {
    children: (
      <Stack gap="5">
        <FormError id="form-error" message="All fields are required!" />
        <Button colorPalette="brand" size="lg">
          Continue
        </Button>
        <OrDivider />
        <ProviderButtons providers={providerLinksOn} />
      </Stack>
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('All fields are required!')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', providerLinksOn.google);
  },
};

export const Tablet: Story = {
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvasElement }) => {
    // Below 1024 px there is no brand panel: the logo sits above the card.
    const c = within(canvasElement);
    await expect(c.queryByRole('complementary')).not.toBeInTheDocument();
    await expect(c.getByRole('link', { name: 'PathForge home' })).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'PathForge home' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

/** Long words and copy must wrap, never widen the page on a phone. */
export const MobileLongContent: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: {
    title: 'A much longer title that has to wrap over several lines',
    subtitle: <Text as="span">Subtitle with a long address inside it: first.last+pathforge-learning@some-very-long-domain-name.example.com</Text>,
  },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
