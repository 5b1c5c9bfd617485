import { useRef, useState } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { RotateCcw } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import type { PathSummary } from '../../../domain/learningApi';
import type { ActionStatus } from './actionStatus';

export const RESET_WARNING = 'Every start, tick and submission you made on this path is deleted. This cannot be undone.';
export const RESET_KEEPS_RATING = 'Your rating of the path stays.';

export type ResetPathProps = {
  path: Pick<PathSummary, 'title' | 'myRating'>;
  status: ActionStatus;
  onReset(): void;
};

/**
 * Start a path over: a button and its alert dialog (Cancel has focus first). The dialog stays open
 * while the reset is under way and when it fails (the container says why); it closes once it is done.
 */
export function ResetPath({ path, status, onReset }: ResetPathProps) {
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const pending = status === 'pending';
  // Closed once the reset the learner confirmed here has succeeded.
  const shown = open && !(confirmed && status === 'success');

  return (
    <TitledCard title="Start over" icon={<RotateCcw />} fill>
      <Text color="fg.muted" fontSize="sm">
        Reset your progress on this path to begin again from its first project.
      </Text>
      <Dialog.Root
        role="alertdialog"
        open={shown}
        onOpenChange={(details) => {
          if (pending) return;
          setOpen(details.open);
          if (details.open) setConfirmed(false);
        }}
        closeOnEscape={!pending}
        closeOnInteractOutside={!pending}
        initialFocusEl={() => cancelRef.current}
        placement="center"
      >
        <Dialog.Trigger asChild>
          <Button
            type="button"
            colorPalette="red"
            variant="outline"
            size="sm"
            alignSelf="flex-start"
            color="red.fg"
            borderColor="red.fg"
          >
            <RotateCcw aria-hidden="true" /> Reset progress
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Reset your progress on {path.title}?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description color="fg.muted">
                  {RESET_WARNING}
                  {path.myRating !== null ? ` ${RESET_KEEPS_RATING}` : null}
                </Dialog.Description>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button ref={cancelRef} type="button" variant="outline" colorPalette="gray" disabled={pending}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="button"
                  colorPalette="red"
                  _hover={{ bg: 'red.700' }}
                  loading={pending}
                  loadingText="Resetting…"
                  onClick={() => {
                    setConfirmed(true);
                    onReset();
                  }}
                >
                  Reset progress
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </TitledCard>
  );
}
