/**
 * Play-function helpers shared by the sign-in screens' stories (stories only, never app code).
 */
import { expect, screen, within } from 'storybook/test';

/**
 * A rejected submit shows the message twice, as a learner notices it: as an error toast (in the
 * portal, outside the story's canvas; `role="status"` named by its title) and beside the submit
 * button in the form.
 */
export async function expectFormMessage(canvasElement: HTMLElement, message: string) {
  const toast = await screen.findByRole('status', { name: message });
  await expect(toast).toBeVisible();
  await expect(within(canvasElement).getByText(message)).toBeVisible();
}

/** The field is marked invalid and points at the message, so a screen reader reads it on focus. */
export async function expectInvalidField(input: HTMLElement, message: string) {
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
}
