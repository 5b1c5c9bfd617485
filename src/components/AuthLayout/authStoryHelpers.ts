/**
 * Play-function helpers shared by the sign-in screens' stories (stories only, never app code).
 */
import { expect, screen, waitFor, within } from 'storybook/test';

/**
 * A rejected submit shows the message twice, as a learner notices it: as an error toast (in the
 * portal, outside the story's canvas; `role="status"` named by its title) and beside the submit
 * button in the form. The toast enters transparent and fades in (as in Components/Toaster and the
 * Flows stories): wait until it is visible rather than check its first frame.
 */
export async function expectFormMessage(canvasElement: HTMLElement, message: string) {
  const toast = await screen.findByRole('status', { name: message }, { timeout: 5000 });
  await waitFor(() => expect(toast).toBeVisible());
  await expect(within(canvasElement).getByText(message)).toBeVisible();
}

/** The field is marked invalid and points at the message, so a screen reader reads it on focus. */
export async function expectInvalidField(input: HTMLElement, message: string) {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
}
