import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent } from 'storybook/test';
import { delay } from 'msw';
import { messages } from '../../api/common/client';
import { unsubscribeHandlers, unsubscribeTokens } from '../../fixtures/msw/unsubscribe';
import { unsubscribeTexts } from '../../screens/Unsubscribe/UnsubscribeScreen';
import { useSession } from '../../stores/session';
import { AppFlow } from './AppFlow';

/**
 * A mail's "Unsubscribe" link through the real route table and container, signed out, with MSW
 * answering as the API does: the page posts nothing on opening (a mail scanner may run it), once
 * on the click, and says what the API did.
 */
const meta = {
  title: 'Flows/Unsubscribe',
  component: AppFlow,
  tags: ['!autodocs'],
  parameters: { ownRouter: true, layout: 'fullscreen', msw: unsubscribeHandlers },
  args: { initialPath: `/unsubscribe/${unsubscribeTokens.newsletter}` },
  beforeEach: () => {
    useSession.getState().logout();
  },
} satisfies Meta<typeof AppFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every request the page sent to the API. */
const sent: string[] = [];
const recordRequests = http.all('*', ({ request }) => {
  if (new URL(request.url).pathname.startsWith('/unsubscribe/')) sent.push(request.method);
  return undefined;
});

/** Clicks the page's one button, once it is there. */
const unsubscribe = async () => userEvent.click(await screen.findByRole('button', { name: unsubscribeTexts.button }, { timeout: 5000 }));

export const NothingSentOnOpening: Story = {
  name: 'Opened: nothing sent before the click',
  // It ends as 'Newsletter stopped from the mailed link' does, whose screenshot shows that page.
  parameters: { msw: [recordRequests, ...unsubscribeHandlers], screenshot: { disable: true } },
  beforeEach: () => {
    sent.length = 0;
  },
  play: async () => {
    await expect(await screen.findByText(unsubscribeTexts.ready, {}, { timeout: 5000 })).toBeVisible();
    // Time for any request the page would make on its own.
    await delay(500);
    await expect(sent).toEqual([]);
    await unsubscribe();
    await expect(await screen.findByText('You will no longer get newsletter emails.', {}, { timeout: 5000 })).toBeVisible();
    await expect(sent).toEqual(['POST']);
  },
};

export const Unsubscribed: Story = {
  name: 'Newsletter stopped from the mailed link',
  play: async () => {
    await unsubscribe();
    await expect(await screen.findByText('You will no longer get newsletter emails.', {}, { timeout: 5000 })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/app/settings');
  },
};

export const ForgedLink: Story = {
  name: 'Unknown unsubscribe link',
  args: { initialPath: '/unsubscribe/not-a-token-the-api-made' },
  play: async () => {
    await unsubscribe();
    await expect(await screen.findByText(unsubscribeTexts.invalid, {}, { timeout: 5000 })).toBeVisible();
  },
};

let calls = 0;
export const RetriedAfterOutage: Story = {
  name: 'Unsubscribed on the second try',
  beforeEach: () => {
    calls = 0;
  },
  parameters: {
    // The API is down for the first request, then answers.
    msw: [http.post('*/unsubscribe/:token', () => ((calls += 1) === 1 ? HttpResponse.error() : undefined)), ...unsubscribeHandlers],
  },
  play: async () => {
    await unsubscribe();
    await expect(await screen.findByText(messages.unreachable, {}, { timeout: 15000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect(await screen.findByText('You will no longer get newsletter emails.', {}, { timeout: 5000 })).toBeVisible();
    await expect(calls).toBe(2);
  },
};
