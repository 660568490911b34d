import { toast } from '@coach/ui';
import { expect, waitFor, within } from 'storybook/test';
import { storyWait } from '../../.storybook/docsFrames.ts';
import { releaseFocus } from './releaseFocus.ts';

// Toasts are portalled out of the story's root.
const toastWaitMs = storyWait(10_000);
const page = () => within(document.body);

/**
 * A toast with this text shows (once its entrance animation has made it visible); it is then
 * dismissed, so the snapshot never catches one half-way through its 3 s life. Focus is then
 * released: whether the submit button has it back after a failed request depends on timing,
 * and a focus ring must not decide the snapshot. The waits catch a toast that never comes, not
 * a slow machine: on two busy cores the entrance once took over 3 s.
 */
export async function expectToast(text: string) {
  await waitFor(() => expect(page().getByText(text)).toBeVisible(), { timeout: toastWaitMs });
  toast.dismiss();
  await waitFor(() => expect(page().queryByText(text)).not.toBeInTheDocument(), {
    timeout: toastWaitMs,
  });
  await waitFor(() => expect(document.querySelector('[data-loading]')).toBeNull());
  releaseFocus();
}
