import { toast } from '@coach/ui';
import type { TFunction } from 'i18next';

/** Copies `text` to the clipboard and says in a toast whether it could. */
export async function copyWithToast(text: string, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('signInFactors.methods.copied'));
  } catch {
    toast.error(t('signInFactors.methods.copyFailed'));
  }
}
