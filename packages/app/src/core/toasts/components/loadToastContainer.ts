import type { ComponentType } from 'react';
import { withDesignSystem } from '../../designSystem/index.ts';

/**
 * The toast container's code, fetched on demand, with Chakra's provider. Without it (the network failed) toasts stay
 * queued: the screens still show everything.
 */
export function loadToastContainer(): Promise<{ default: ComponentType }> {
  return withDesignSystem(() => import('./ToastContainer.tsx'))().catch(() => ({
    default: () => null,
  }));
}
