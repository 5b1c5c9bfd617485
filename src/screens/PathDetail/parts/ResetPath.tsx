import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { ActionDialog } from '../../../components/ActionDialog/ActionDialog';
import { RotateCcw } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import type { PathSummary } from '../../../api/learning/contract';
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
  const pending = status === 'pending';
  // Closed once the reset the learner confirmed here has succeeded.
  const shown = open && !(confirmed && status === 'success');

  return (
    <TitledCard title="Start over" icon={<RotateCcw />} fill>
      <Text color="fg.muted" fontSize="sm">
        Reset your progress on this path to begin again from its first project.
      </Text>
      <ActionDialog
        destructive
        open={shown}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setConfirmed(false);
        }}
        pending={pending}
        trigger={
          <Button type="button" colorPalette="red" variant="outline" size="sm" alignSelf="flex-start" color="red.fg" borderColor="red.fg">
            <RotateCcw aria-hidden="true" /> Reset progress
          </Button>
        }
        title={`Reset your progress on ${path.title}?`}
        description={`${RESET_WARNING}${path.myRating !== null ? ` ${RESET_KEEPS_RATING}` : ''}`}
        confirmLabel="Reset progress"
        pendingLabel="Resetting…"
        onConfirm={() => {
          setConfirmed(true);
          onReset();
        }}
      />
    </TitledCard>
  );
}
