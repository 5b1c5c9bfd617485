import { Flex, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Compass, PartyPopper } from 'lucide-react';
import type { PathSummary } from '../../../api/learning/contract';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

/** In place of the current project once every project of the path is completed: well done, and what next. */
export function PathCompletedCard({ path }: { path: PathSummary }) {
  const total = path.progress.totalProjects;
  return (
    <TitledCard title="Path Completed" icon={<PartyPopper />} fill>
      <HStack gap="4" align="flex-start">
        <Flex bg="green.subtle" color="green.fg" rounded="full" p="3" flexShrink={0} aria-hidden="true">
          <Icon boxSize="6">
            <PartyPopper />
          </Icon>
        </Flex>
        <Stack gap="1" minW="0">
          <Heading as="h3" size="lg" color="fg">
            You completed {path.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {total === 1 ? 'Its one project is completed.' : `All ${total} of its projects are completed.`}
          </Text>
        </Stack>
      </HStack>
      <LinkButton asChild colorPalette="brand" size="sm" alignSelf="flex-start" mt="auto">
        <RouterLink to="/app/paths">
          <Compass aria-hidden="true" />
          Pick your next path
        </RouterLink>
      </LinkButton>
    </TitledCard>
  );
}
