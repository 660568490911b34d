import {
  type Id,
  type ToastContent,
  type ToastOptions as ToastifyOptions,
  toast as toastify,
} from 'react-toastify';

/** The kinds of toast Coach shows. */
export type ToastType = 'info' | 'success' | 'error';

/** Options passed through to react-toastify (the type is set by the helper). */
export type ToastOptions = Omit<ToastifyOptions, 'type'>;

/** A toast's id, to update or dismiss it. */
export type ToastId = Id;

// Errors interrupt (role alert); info and success are announced politely (role status).
const roles: Record<ToastType, 'status' | 'alert'> = {
  info: 'status',
  success: 'status',
  error: 'alert',
};

const show = (type: ToastType) => (message: ToastContent, options?: ToastOptions) =>
  toastify(message, { role: roles[type], ...options, type });

/**
 * Raises a toast in the mounted `ToastContainer`. Each helper returns the toast's id;
 * `options` go through to react-toastify (e.g. `toastId` to avoid duplicates).
 */
export const toast = {
  /** A neutral notice. */
  info: show('info'),
  /** A completed action, e.g. 'Profile successfully edited'. */
  success: show('success'),
  /** A failure the coach should notice. */
  error: show('error'),
  /** Closes one toast by id, or all toasts without an id. */
  dismiss: (id?: ToastId) => toastify.dismiss(id),
};
