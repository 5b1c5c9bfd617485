import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CallToAction } from './CallToAction';
import { Faq } from './Faq';
import { Footer } from './Footer';
import { Pricing } from './Pricing';

/**
 * The end of the landing page on its own: on a phone the whole page is taller than a screenshot
 * keeps (`.storybook/modes.ts`), so Pricing, FAQs, the call to action and the footer are checked here.
 */
function LowerSections() {
  return (
    <>
      <main>
        <Pricing />
        <Faq />
        <CallToAction />
      </main>
      <Footer anchorClick={() => (event) => event.preventDefault()} />
    </>
  );
}

const meta = {
  title: 'Screens/Landing/Lower Sections',
  component: LowerSections,
  parameters: { layout: 'fullscreen' },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('article', { name: 'Pro Developer' })).toBeVisible();
    await expect(c.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeVisible();
    await expect(within(c.getByRole('contentinfo')).getByText('© 2026 PathForge')).toBeVisible();
  },
} satisfies Meta<typeof LowerSections>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Mobile: Story = {};
