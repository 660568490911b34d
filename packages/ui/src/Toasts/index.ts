export {
  TOAST_AUTO_CLOSE_MS,
  ToastContainer,
  type ToastContainerProps,
} from './ToastContainer.tsx';
export { type ToastId, type ToastOptions, type ToastType, toast } from './toast.ts';
