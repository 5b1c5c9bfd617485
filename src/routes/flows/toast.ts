import { expect, screen, waitFor } from 'storybook/test';

/** The toast that says `text`, once it has faded in (Flows stories: toasts render in a portal). */
export async function toast(text: string | RegExp) {
  const element = await screen.findByRole('status', { name: text }, { timeout: 5000 });
  await waitFor(() => expect(element).toBeVisible());
  return element;
}
