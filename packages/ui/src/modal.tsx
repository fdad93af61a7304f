import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read out with the title; optional. */
  description?: string;
  children: ReactNode;
  /** The label of the close button. */
  closeLabel?: string;
};

/** A dialog: focus kept inside, Escape and the backdrop close it, focus returns where it was. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  closeLabel = 'Close',
}: ModalProps) {
  // Without a Radix trigger, focus would fall to the page on close: remember what opened the dialog.
  const openedFrom = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal__overlay" />
        <Dialog.Content
          className="ui-modal"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!openedFrom.current?.isConnected) return;
            event.preventDefault();
            openedFrom.current.focus();
          }}
        >
          <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>
          ) : null}
          {children}
          <Dialog.Close asChild>
            <button type="button" className="ui-button ui-button--ghost ui-modal__close">
              {closeLabel}
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
