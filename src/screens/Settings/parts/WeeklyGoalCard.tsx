import { Field, HStack, NativeSelect, Skeleton } from '@chakra-ui/react';
import { Target } from 'lucide-react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert/LoadErrorAlert';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { WEEKLY_GOAL } from '../../../domain/streaks';
import type { Remote } from '../../../components/RemoteView/remote';

export type WeeklyGoalCardProps = {
  /** The goal as kept (it comes with the learner's XP): loads and fails on its own, the rest of the form stays. */
  saved: Remote<number>;
  /** The goal the learner picked, if they did (until then the field shows the goal as kept). */
  value: number | undefined;
  onChange(goal: number): void;
};

/** Every goal the API accepts, from the domain's bounds. */
const GOALS = Array.from({ length: WEEKLY_GOAL.max - WEEKLY_GOAL.min + 1 }, (_, i) => WEEKLY_GOAL.min + i);
export const weeklyGoalOption = (goal: number) => `${goal} ${goal === 1 ? 'day' : 'days'}${goal === WEEKLY_GOAL.default ? ' (default)' : ''}`;
export const WEEKLY_GOAL_LABEL = 'Active days a week';

/** The weekly goal (N active days a week), kept by Save Changes with the rest of the form. */
export function WeeklyGoalCard({ saved, value, onChange }: WeeklyGoalCardProps) {
  return (
    <TitledCard title="Weekly Goal" description="Projects last 1 to 4 weeks, so you can also keep a streak of weeks." icon={<Target />}>
      {saved.status === 'loading' ? (
        <HStack role="status" aria-label="Loading your weekly goal">
          <Skeleton h="10" w="full" maxW="xs" rounded="md" />
        </HStack>
      ) : saved.status === 'error' ? (
        <LoadErrorAlert title="Your weekly goal could not be loaded." message={saved.message} onRetry={saved.onRetry} />
      ) : (
        <Field.Root>
          <Field.Label>{WEEKLY_GOAL_LABEL}</Field.Label>
          <NativeSelect.Root maxW={{ base: 'full', sm: 'xs' }}>
            <NativeSelect.Field name="weeklyGoal" value={value ?? saved.data} onChange={(event) => onChange(Number(event.target.value))}>
              {GOALS.map((goal) => (
                <option key={goal} value={goal}>
                  {weeklyGoalOption(goal)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText color="fg.muted">
            Your weekly streak counts the weeks (Monday to Sunday) with at least this many active days. The dashboard shows your daily streak; XP &amp; Badges shows
            both.
          </Field.HelperText>
        </Field.Root>
      )}
    </TitledCard>
  );
}
