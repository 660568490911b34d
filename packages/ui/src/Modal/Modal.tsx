import { Dialog, IconButton, Portal } from '@chakra-ui/react';
import { type ReactNode, type RefObject, useCallback, useState } from 'react';
import { LuX } from 'react-icons/lu';

/**
 * Whether an interaction outside the dialog happened in another document than the dialog's: the
 * page that frames it (Storybook's toolbar around a story, a host page around an embedded app).
 * That is not the person's click on the backdrop or a move away from the dialog within its page,
 * so it leaves the dialog open (zag-js listens on the parent window too).
 */
export function isInAnotherDocument(target: EventTarget, dialogDocument: Document): boolean {
  const node = target as Partial<Node>;
  // A node's document, a document itself (its ownerDocument is null), or a window (neither).
  const targetDocument = node.ownerDocument === undefined ? target : (node.ownerDocument ?? target);
  return targetDocument !== dialogDocument;
}

export type ModalSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'full';

export type ModalProps = {
  /** Whether the modal is shown. */
  isOpen: boolean;
  /** Called on the close button, a backdrop click or Escape. */
  onClose: () => void;
  /** Heading of the modal; it is also the dialog's accessible name. */
  title: ReactNode;
  /** The body, between the title and the footer; it scrolls when taller than the window. */
  children: ReactNode;
  /** Actions at the bottom, e.g. Cancel and Save buttons. */
  footer?: ReactNode;
  /** Maximum width. Defaults to `md`. */
  size?: ModalSize;
  /** Accessible name of the close button. Defaults to 'Close'. */
  closeLabel?: string;
  /** Element focused on open; by default the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Whether a click or focus outside closes it (true by default). False for what must not go
   * by accident (recovery codes shown once): only its buttons and Escape close it.
   */
  closesOnOutsideInteraction?: boolean;
};

/**
 * A modal dialog over a dimmed backdrop, portalled to the end of the body. It closes on its
 * close button, a backdrop click (unless `closesOnOutsideInteraction` is false) and Escape; focus stays inside while open and returns to the
 * element that opened it.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  closeLabel = 'Close',
  initialFocusRef,
  closesOnOutsideInteraction = true,
}: ModalProps) {
  const handleOpenChange = (details: { open: boolean }) => {
    if (!details.open) onClose();
  };
  const [isBodyScrollable, setIsBodyScrollable] = useState(false);
  // A body that scrolls must be reachable by keyboard, so it becomes a tab stop only then.
  const bodyRef = useCallback((body: HTMLDivElement | null) => {
    if (!body) return;
    const measure = () => setIsBodyScrollable(body.scrollHeight > body.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    return () => observer.disconnect();
  }, []);
  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={handleOpenChange}
      size={size}
      placement="center"
      scrollBehavior="inside"
      initialFocusEl={initialFocusRef ? () => initialFocusRef.current : undefined}
      closeOnInteractOutside={closesOnOutsideInteraction}
      onInteractOutside={(event) => {
        if (isInAnotherDocument(event.detail.target, document)) event.preventDefault();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner paddingInline="4">
          <Dialog.Content bg="bg" color="fg">
            <Dialog.Header paddingInlineEnd="14">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body
              ref={bodyRef}
              tabIndex={isBodyScrollable ? 0 : undefined}
              role={isBodyScrollable ? 'region' : undefined}
              aria-label={isBodyScrollable && typeof title === 'string' ? title : undefined}
            >
              {children}
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <IconButton
                aria-label={closeLabel}
                variant="ghost"
                colorPalette="gray"
                color="fg.muted"
                size="sm"
              >
                <LuX aria-hidden />
              </IconButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
