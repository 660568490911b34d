import { toast } from '@coach/ui';
import { expect, waitFor, within } from 'storybook/test';

// Toasts are portalled out of the story's root.
const page = () => within(document.body);

/**
 * A toast with this text shows (once its entrance animation has made it visible); it is then
 * dismissed, so the snapshot never catches one half-way through its 3 s life. Focus is then
 * released: whether the submit button has it back after a failed request depends on timing,
 * and a focus ring must not decide the snapshot.
 */
export async function expectToast(text: string) {
  await waitFor(() => expect(page().getByText(text)).toBeVisible(), { timeout: 3000 });
  toast.dismiss();
  await waitFor(() => expect(page().queryByText(text)).not.toBeInTheDocument(), {
    timeout: 3000,
  });
  await waitFor(() => expect(document.querySelector('[data-loading]')).toBeNull());
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}
