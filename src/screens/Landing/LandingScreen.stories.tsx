import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LandingScreen } from './LandingScreen';

const meta = {
  title: 'Screens/Landing',
  component: LandingScreen,
  // Outside the data layer in the app: the public system's recipes only (.storybook/preview.tsx).
  parameters: { layout: 'fullscreen', route: '/', dataLayer: false },
  args: { isSignedIn: false },
} satisfies Meta<typeof LandingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const section = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no section #${id}`);
  return element;
};

/** The section's heading sits in the viewport, below the fixed top bar. */
async function expectHeadingBelowBar(canvasElement: HTMLElement, id: string) {
  const bar = within(canvasElement).getByRole('banner');
  const heading = within(section(id)).getAllByRole('heading')[0]!;
  await waitFor(() => {
    const top = heading.getBoundingClientRect().top;
    expect(top).toBeGreaterThanOrEqual(bar.getBoundingClientRect().bottom);
    expect(heading.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight);
  });
}

export const Visitor: Story = {
  parameters: { screenshot: { wholePage: true } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const bar = within(c.getByRole('banner'));
    await expect(c.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(c.getByRole('heading', { level: 1, name: 'Learn software development by building real projects' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'PathForge home' })).toHaveAttribute('href', '/');
    await expect(bar.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');

    const nav = within(c.getByRole('navigation', { name: 'Main' }));
    const expected = [
      ['Home', '#'],
      ['How It Work', '#howItWork'],
      ['Features', '#features'],
      ['Benefits', '#benefits'],
      ['Pricing', '#pricing'],
      ['FAQs', '#faqs'],
    ];
    await expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(expected);

    // Hero: calls to action, "no credit card", the headline numbers and the technologies.
    const hero = within(c.getByRole('region', { name: 'Learn software development by building real projects' }));
    await expect(hero.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    await expect(hero.getByRole('link', { name: 'Watch Demo' })).toHaveAttribute('href', '#overview');
    await expect(hero.getByText(/no credit card required/i)).toBeVisible();
    for (const [value, label] of [
      ['10K+', 'Projects Completed'],
      ['50K+', 'Active Users'],
      ['1M+', 'Lines of Code'],
      ['1-4 weeks', 'Per Project'],
    ]) {
      await expect(c.getByText(value!, { selector: 'dd' })).toBeVisible();
      await expect(c.getByText(label!, { selector: 'dt' })).toBeVisible();
    }
    const technologies = within(c.getByRole('list', { name: 'Technologies you’ll use' }));
    await expect(technologies.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['HTML', 'CSS', 'JavaScript', 'React', 'Node.js', 'Git', 'Databases']);

    // The sections, in the product's order, each named by its heading (none inside another).
    const sections = [...canvasElement.querySelectorAll('main section')];
    await expect(sections.map((s) => s.id || s.getAttribute('aria-labelledby'))).toEqual([
      'hero-title',
      'howItWork',
      'features',
      'benefits',
      'whoIsItFor',
      'overview',
      'pricing',
      'faqs',
      'cta-title',
    ]);
    const cards = (id: string) =>
      within(section(id))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    await expect(cards('howItWork')).toEqual(['Choose a learning path', 'Build projects with guidance', 'Track your progress']);
    await expect(cards('features')).toEqual([
      'Guided project workflows',
      'Microservices & full-stack topics',
      'Code reviews',
      'Trackable metrics',
      'Team collaboration',
    ]);
    await expect(cards('benefits')).toHaveLength(4);
    await expect(cards('whoIsItFor')).toEqual(['Beginners', 'Bootcamp graduates', 'Career switchers']);

    const shots = within(section('overview')).getAllByRole('img');
    await expect(shots).toHaveLength(3);
    // The app's own screens: the dashboard, a learning path, the project workspace.
    await expect(shots.map((img) => img.getAttribute('src'))).toEqual([
      '/images/overview/dashboard.png',
      '/images/overview/path.png',
      '/images/overview/workspace.png',
    ]);
    for (const img of shots) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', '1200');
      await expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
      await expect(img.getAttribute('src')).toMatch(/^\/images\/overview\/[a-z-]+\.png$/);
      await expect(img.getAttribute('alt')?.length).toBeGreaterThan(20);
    }

    // Pricing: the three plans word for word.
    const pricing = within(section('pricing'));
    for (const [plan, price, features, button] of [
      ['Starter', '$0', ['3 guided projects', 'Community support', 'Basic progress tracking'], 'Get Started'],
      ['Pro Developer', '$19', ['Unlimited projects', 'Skill paths', 'Code tools and reports', 'Weekly project feedback'], 'Start Building'],
      ['Mentor Plus', '$49', ['Everything in Pro', '1-on-1 mentorship', 'Resume review', 'Live workshops', 'Certifications'], 'Join Now'],
    ] as const) {
      const card = within(pricing.getByRole('article', { name: plan }));
      await expect(card.getByText(price)).toBeVisible();
      await expect(card.getByText('/month')).toBeVisible();
      await expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual(features);
      await expect(card.getByRole('link', { name: button })).toHaveAttribute('href', '/register');
    }
    await expect(within(pricing.getByRole('article', { name: 'Pro Developer' })).getByText('Most Popular')).toBeVisible();
    await expect(pricing.getAllByText('Most Popular')).toHaveLength(1);

    const footer = within(c.getByRole('contentinfo'));
    await expect(footer.getByText('© 2026 PathForge')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(footer.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    await expect(within(c.getByRole('region', { name: 'Ready to build your first real project?' })).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/register',
    );
  },
};

export const SignedIn: Story = {
  args: { isSignedIn: true },
  play: async ({ canvasElement }) => {
    const bar = within(within(canvasElement).getByRole('banner'));
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    await expect(bar.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  },
};

export const Tablet: Story = {
  globals: { viewport: { value: 'tablet' } },
  play: async ({ canvasElement }) => {
    // 768 px is the md breakpoint: the links are in the bar, the menu button is gone.
    const c = within(canvasElement);
    await expect(c.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  },
};

export const Mobile: Story = {
  parameters: { screenshot: { wholePage: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  },
};

export const MobileMenuOpen: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const button = c.getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    // The menu is a panel under the bar, in the header: a navigation named apart from the desktop one.
    const bar = c.getByRole('banner');
    const panel = await within(bar).findByRole('navigation', { name: 'Menu' });
    await expect(panel).toBeVisible();
    // It hangs from the bar (over its bottom border), as wide as the screen.
    await expect(Math.round(panel.getBoundingClientRect().top)).toBe(Math.round(bar.getBoundingClientRect().bottom) - 1);
    await expect(panel.getBoundingClientRect().width).toBe(window.innerWidth);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAccessibleName('Close menu');
    await expect(button).toHaveAttribute('aria-controls', panel.id);
    const menu = within(panel);
    await expect(menu.getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['Home', 'Features', 'Benefits', 'Pricing', 'FAQs', 'Sign In']);
    await expect(menu.queryByText('How It Work')).not.toBeInTheDocument();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');

    // Escape closes it and gives the focus back to the button.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(c.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument());
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAccessibleName('Open menu');
    await expect(button).toHaveFocus();

    // The button closes it too, and so does a click on the page outside it.
    await userEvent.click(button);
    await c.findByRole('navigation', { name: 'Menu' });
    await userEvent.click(button);
    await waitFor(() => expect(c.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument());
    await userEvent.click(button);
    await c.findByRole('navigation', { name: 'Menu' });
    await userEvent.click(c.getByRole('contentinfo'));
    await waitFor(() => expect(c.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument());
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // Open again, for the screenshot.
    await userEvent.click(button);
    await c.findByRole('navigation', { name: 'Menu' });
  },
};

export const MobileMenuSignedIn: Story = {
  args: { isSignedIn: true },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Open menu' }));
    const menu = within(await c.findByRole('navigation', { name: 'Menu' }));
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
  },
};

export const MobileMenuNavigates: Story = {
  globals: { viewport: { value: 'mobile' } },
  // A screenshot is taken from the page's top, so this would repeat Mobile.
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Open menu' }));
    const menu = within(await c.findByRole('navigation', { name: 'Menu' }));
    await userEvent.click(menu.getByRole('link', { name: 'Pricing' }));
    await waitFor(() => expect(c.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument());
    await expect(c.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expectHeadingBelowBar(canvasElement, 'pricing');
  },
};

export const Faq: Story = {
  parameters: { screenshot: { wholePage: true } },
  name: 'FAQ',
  play: async () => {
    const faqs = within(section('faqs'));
    const triggers = faqs.getAllByRole('button');
    await expect(triggers).toHaveLength(5);
    await expect(faqs.getByRole('button', { name: 'Which technologies will I use?' })).toBeVisible();
    // Each question is an h3 holding its button.
    await expect(faqs.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(triggers.map((t) => t.textContent));
    // The first answer is open on arrival: a region named by its question, the button controls it.
    await expect(triggers[0]).toHaveAttribute('aria-expanded', 'true');
    const first = faqs.getByRole('region', { name: 'What is PathForge?' });
    await expect(first).toBeVisible();
    await expect(triggers[0]).toHaveAttribute('aria-controls', first.id);

    await userEvent.click(triggers[1]!);
    await expect(triggers[1]).toHaveAttribute('aria-expanded', 'true');
    await expect(faqs.getByText(/HTML, CSS, JavaScript, React, Node\.js, Git and databases/)).toBeVisible();
    for (const [index, trigger] of triggers.entries()) {
      if (index !== 1) await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    }

    // Clicking the open item closes it: none is open.
    await userEvent.click(triggers[1]!);
    await waitFor(() => expect(faqs.queryByText(/HTML, CSS, JavaScript, React/)).not.toBeVisible());
    for (const trigger of triggers) await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Arrow keys, Home and End move between the questions.
    triggers[4]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(triggers[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(triggers[4]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(triggers[3]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(triggers[0]).toHaveFocus();

    // Leave the third open for the screenshot.
    await userEvent.click(triggers[2]!);
    await expect(faqs.getByText(/Most projects last 1-4 weeks/)).toBeVisible();
  },
};

export const Anchors: Story = {
  // Scrolling does not show in a screenshot, taken from the page's top: it would repeat Visitor.
  parameters: { screenshot: { disable: true } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const nav = within(c.getByRole('navigation', { name: 'Main' }));
    for (const [name, id] of [
      ['Pricing', 'pricing'],
      ['FAQs', 'faqs'],
      ['Features', 'features'],
      ['How It Work', 'howItWork'],
      ['Benefits', 'benefits'],
    ] as const) {
      await userEvent.click(nav.getByRole('link', { name }));
      await expectHeadingBelowBar(canvasElement, id);
    }
    await userEvent.click(nav.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(window.scrollY).toBe(0));

    await userEvent.click(c.getByRole('link', { name: 'Watch Demo' }));
    await expectHeadingBelowBar(canvasElement, 'overview');
  },
};

export const DeepLink: Story = {
  name: 'Deep Link (#faqs)',
  parameters: { route: '/#faqs', screenshot: { disable: true } },
  play: async ({ canvasElement }) => {
    // The page scrolls the named section into view on arrival.
    await expectHeadingBelowBar(canvasElement, 'faqs');
  },
};
