// The ui package's toast container in a chunk of its own, loaded by DeferredToasts.
export { ToastContainer as default } from '@coach/ui';
