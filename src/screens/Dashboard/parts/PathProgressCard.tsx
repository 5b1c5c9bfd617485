import { Badge, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Clock, Route } from 'lucide-react';
import { formatWeeks } from '../../../domain/format';
import { LEVEL_LABELS, pathHref } from '../../../domain/learning';
import type { PathSummary } from '../../../api/learning/contract';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

/** The current path: its title, level and length, projects completed with a progress bar, and Open path. */
export function PathProgressCard({ path }: { path: PathSummary }) {
  const { completedProjects, totalProjects, percent } = path.progress;
  return (
    <TitledCard title={path.title} icon={<Route />} description="Your path" fill>
      <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        <Badge variant="outline" colorPalette="gray" size="sm">
          {LEVEL_LABELS[path.level]}
        </Badge>
        <HStack gap="1.5">
          <Clock size={16} aria-hidden="true" />
          <Text>{formatWeeks(path.durationWeeks)}</Text>
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted" lineClamp={2}>
        {path.summary}
      </Text>
      <ProgressBar
        percent={percent}
        label={`${path.title} progress`}
        caption={
          <>
            <Text as="span" fontWeight="semibold" color="fg">
              {completedProjects} of {totalProjects}
            </Text>{' '}
            projects completed
          </>
        }
      />
      <LinkButton asChild variant="outline" size="sm" alignSelf="flex-start" mt="auto">
        <RouterLink to={pathHref(path.slug)}>Open path</RouterLink>
      </LinkButton>
    </TitledCard>
  );
}
