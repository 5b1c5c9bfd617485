import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { History } from 'lucide-react';
import type { ProjectDetailView } from '../../../api/learning/contract';

function TaskList({ label, titles }: { label: string; titles: readonly string[] }) {
  if (titles.length === 0) return null;
  return (
    <Stack gap="1">
      <Text fontWeight="semibold">{label}</Text>
      <Box as="ul" ps="5" listStyleType="disc">
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * "Updated since you started": the tasks the curriculum added or retired after the learner began,
 * so a percentage that moved says why.
 */
export function ChangesNote({ changes }: { changes: NonNullable<ProjectDetailView['changesSinceStart']> }) {
  return (
    <Alert.Root status="info" variant="subtle" colorPalette="blue" alignItems="flex-start">
      <Alert.Indicator>
        <History aria-hidden="true" />
      </Alert.Indicator>
      <Alert.Content gap="2" color="fg">
        <Alert.Title>Updated since you started</Alert.Title>
        <Alert.Description>
          <Stack gap="3" fontSize="sm">
            <Text>
              This project’s tasks changed after you started it. Your percentage counts the current tasks: a new task counts as still to do, and a retired one no
              longer counts either way.
            </Text>
            <TaskList label={changes.added.length === 1 ? 'Task added' : 'Tasks added'} titles={changes.added} />
            <TaskList label={changes.retired.length === 1 ? 'Task retired' : 'Tasks retired'} titles={changes.retired} />
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
