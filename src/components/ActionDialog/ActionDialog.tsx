import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { FormError } from '../AuthLayout/AuthFormParts';

export type ActionDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** A destructive confirmation: an alertdialog, a red confirm button, and Cancel focused first. */
  destructive?: boolean;
  open: boolean;
  /** Asked to open or close; never asked to close while `pending` (it stays until the API has answered). */
  onOpenChange(open: boolean): void;
  /** Waiting for the API: the confirm button shows `pendingLabel`, nothing can close the dialog. */
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm(): void;
  /**
   * With fields (`children`), the dialog is a form named `formLabel` (Enter confirms). Its submit
   * stops here: a dialog rendered inside another form (Settings) must not submit that one too.
   */
  formLabel?: string;
  children?: ReactNode;
  /** The first element to focus (default: Cancel). */
  initialFocus?: () => HTMLElement | null;
  /** A form's message, read out from a live region that exists from the start. */
  message?: string | null;
  messageId?: string;
};

/**
 * The one dialog for an action the learner confirms: change the password, delete the account,
 * reset a path. Cancel and the confirm button, a pending state, and a place for the API's refusal.
 */
export function ActionDialog({
  trigger,
  title,
  description,
  destructive = false,
  open,
  onOpenChange,
  pending,
  confirmLabel,
  pendingLabel,
  onConfirm,
  formLabel,
  children,
  initialFocus,
  message,
  messageId,
}: ActionDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ownMessageId = useId();
  const isForm = formLabel !== undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!pending) onConfirm();
  };
  const body = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {children ? (
          <Stack gap="4">
            <Dialog.Description color="fg.muted">{description}</Dialog.Description>
            {children}
          </Stack>
        ) : (
          <Dialog.Description color="fg.muted">{description}</Dialog.Description>
        )}
        {message !== undefined ? (
          // A live region from the start, so a message that appears in it is read out.
          <Box role="alert" mt={message ? '4' : '0'}>
            <FormError id={messageId ?? ownMessageId} message={message} />
          </Box>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button ref={cancelRef} type="button" variant="outline" colorPalette="gray" disabled={pending}>
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type={isForm ? 'submit' : 'button'}
          colorPalette={destructive ? 'red' : 'brand'}
          _hover={destructive ? { bg: 'red.700' } : undefined}
          loading={pending}
          loadingText={pendingLabel}
          onClick={isForm ? undefined : () => !pending && onConfirm()}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root
      role={destructive ? 'alertdialog' : 'dialog'}
      open={open}
      onOpenChange={(details) => {
        if (!pending || details.open) onOpenChange(details.open);
      }}
      closeOnEscape={!pending}
      closeOnInteractOutside={!pending}
      initialFocusEl={initialFocus ?? (() => cancelRef.current)}
      placement="center"
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            {isForm ? (
              <form noValidate onSubmit={submit} aria-label={formLabel}>
                {body}
              </form>
            ) : (
              body
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
