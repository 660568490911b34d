import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCircleAlert, LuCircleCheck, LuInfo } from 'react-icons/lu';
import {
  type IconProps,
  ToastContainer as ToastifyContainer,
  type ToastContainerProps as ToastifyContainerProps,
} from 'react-toastify';

/** Delay before a toast closes by itself, in milliseconds (product decision: 3 s). */
export const TOAST_AUTO_CLOSE_MS = 3000;

export type ToastContainerProps = Omit<ToastifyContainerProps, 'aria-label'> & {
  /** Accessible name of the notifications region. Defaults to 'Notifications'. */
  'aria-label'?: string;
};

const icons: Record<string, ReactNode> = {
  info: <LuInfo aria-hidden />,
  success: <LuCircleCheck aria-hidden />,
  error: <LuCircleAlert aria-hidden />,
};

const renderIcon = ({ type }: IconProps) => icons[type] ?? false;

/**
 * react-toastify's container preset for Coach: top-centre at full width, closes after 3 s,
 * pauses on hover, no close button, no progress bar, newest on top. Mount it once near the root;
 * raise toasts with `toast.info` / `toast.success` / `toast.error`.
 */
export function ToastContainer({
  'aria-label': ariaLabel = 'Notifications',
  ...rest
}: ToastContainerProps) {
  return (
    <Box
      display="contents"
      fontSize="md"
      fontWeight="medium"
      lineHeight="short"
      css={{
        // react-toastify reads its layout and colours from these custom properties.
        '--toastify-font-family': 'fonts.body',
        '--toastify-z-index': 'zIndex.toast',
        '--toastify-toast-offset': 'spacing.4',
        '--toastify-container-width': 'calc(100% - {spacing.8})',
        '--toastify-toast-width': '100%',
        '--toastify-toast-padding': 'spacing.3',
        '--toastify-toast-min-height': 'sizes.12',
        '--toastify-toast-bd-radius': 'radii.md',
        '--toastify-toast-shadow': 'shadows.md',
        '--toastify-color-info': 'colors.accent.subtle',
        '--toastify-text-color-info': 'colors.accent.emphasized',
        '--toastify-color-success': 'colors.success.subtle',
        '--toastify-text-color-success': 'colors.success.fg',
        '--toastify-color-error': 'colors.error.subtle',
        '--toastify-text-color-error': 'colors.error.fg',
        '& .Toastify__toast': { borderInlineStartWidth: '0.25rem', borderStyle: 'solid' },
        '& .Toastify__toast--info': { borderColor: 'accent' },
        '& .Toastify__toast--success': { borderColor: 'success' },
        '& .Toastify__toast--error': { borderColor: 'error' },
        '& .Toastify__toast-icon': { width: 'auto', fontSize: 'xl', animation: 'none' },
      }}
    >
      <ToastifyContainer
        position="top-center"
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        closeButton={false}
        hideProgressBar
        newestOnTop
        limit={3}
        draggable={false}
        closeOnClick={false}
        theme="colored"
        icon={renderIcon}
        aria-label={ariaLabel}
        {...rest}
      />
    </Box>
  );
}
