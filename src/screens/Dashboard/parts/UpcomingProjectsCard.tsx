import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CalendarClock, Clock, Lock, Sparkles } from 'lucide-react';
import type { DashboardProject } from '../../../domain/learning';
import { CardEmpty, DashboardCard } from './DashboardCard';

export type UpcomingProjectsCardProps = {
  projects: DashboardProject[];
  /** View All: the current path, or all paths. */
  viewAllHref: string;
};

const number = (value: number) => value.toLocaleString('en-US');

/** The next projects of the current path (still locked) and a View All button. */
export function UpcomingProjectsCard({ projects, viewAllHref }: UpcomingProjectsCardProps) {
  return (
    <DashboardCard
      title="Upcoming Projects"
      icon={<CalendarClock />}
      action={
        <Button asChild variant="ghost" size="sm" color="brand.fg">
          <RouterLink to={viewAllHref}>View All</RouterLink>
        </Button>
      }
    >
      {projects.length === 0 ? (
        <CardEmpty
          icon={<CalendarClock />}
          title="Nothing lined up yet"
          description="Your next projects appear here once you start a path."
        />
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {projects.map((project, index) => (
            <Flex
              as="li"
              key={project.id}
              gap="3"
              align="center"
              p="3"
              rounded="lg"
              borderWidth="1px"
              borderColor="border"
              bg="bg.subtle"
            >
              <Flex
                flexShrink={0}
                boxSize="9"
                align="center"
                justify="center"
                rounded="full"
                bg="bg.muted"
                color="fg.muted"
                fontWeight="semibold"
                fontSize="sm"
                aria-hidden="true"
              >
                {index + 1}
              </Flex>
              <Box minW="0" flex="1">
                <Text fontWeight="semibold" color="fg" truncate>
                  {project.title}
                </Text>
                <HStack gap="3" fontSize="xs" color="fg.muted" wrap="wrap">
                  <HStack gap="1">
                    <Clock size={14} aria-hidden="true" />
                    <Text>{project.duration}</Text>
                  </HStack>
                  <HStack gap="1">
                    <Sparkles size={14} aria-hidden="true" />
                    <Text>{number(project.xp)} XP</Text>
                  </HStack>
                </HStack>
              </Box>
              <Lock size={16} aria-hidden="true" color="currentColor" />
            </Flex>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
