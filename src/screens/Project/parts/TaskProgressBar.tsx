import { HStack, Progress, Text } from '@chakra-ui/react';
import type { TaskProgress } from '../../../domain/learning';

/** "3 of 8 tasks completed" and a bar that follows every toggle. */
export function TaskProgressBar({ progress, label }: { progress: TaskProgress; label: string }) {
  return (
    <Progress.Root value={progress.percent} colorPalette="brand" size="md">
      <HStack justify="space-between" mb="2" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {progress.completed} of {progress.total} tasks completed
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          {progress.percent}%
        </Text>
      </HStack>
      <Progress.Track aria-label={label} rounded="full">
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
