export { Modal, type ModalProps, type ModalSize } from './Modal.tsx';
