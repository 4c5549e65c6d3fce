import { sharedUiTexts } from '@seguridad/contracts/messages';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';

type DialogProps = {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Set false for a notice the person may not dismiss (it closes by itself). */
  dismissible?: boolean;
};

/**
 * A modal dialog (focus trapped, the rest of the page hidden from assistive technology) built on
 * Radix. Radix's own Overlay is left out on purpose: it locks scrolling by injecting a <style>
 * element, which our CSP (style-src 'self') refuses; our backdrop is a plain styled element.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
}: DialogProps) {
  const blockDismiss = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <div className={styles.backdrop} aria-hidden="true" />
        <RadixDialog.Content
          className={styles.content}
          onEscapeKeyDown={blockDismiss}
          onPointerDownOutside={blockDismiss}
          onInteractOutside={blockDismiss}
          // Without a description, say so explicitly (Radix otherwise points at a missing element).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
          {dismissible && (
            <RadixDialog.Close className={styles.close}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{sharedUiTexts.close}</span>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A dialog's buttons: side by side and of one width, each a full thumb-sized row on a phone. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
