import { Avatar, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Trophy, Users } from 'lucide-react';
import type { TopLearner } from '../../../domain/learning';
import { CardEmpty, DashboardCard } from './DashboardCard';

const number = (value: number) => value.toLocaleString('en-US');

/** The top learners (name, XP, level, initials) and the View Full Leaderboard button. */
export function TopLearnersCard({ learners }: { learners: TopLearner[] }) {
  return (
    <DashboardCard
      title="Top Learners"
      icon={<Trophy />}
      footer={
        <Button asChild variant="outline" size="sm" w="full">
          <RouterLink to="/app/leaderboard">View Full Leaderboard</RouterLink>
        </Button>
      }
    >
      {learners.length === 0 ? (
        <CardEmpty icon={<Users />} title="No learners ranked yet" description="Finish a project to get on the board." />
      ) : (
        <Stack as="ol" gap="1" listStyleType="none">
          {learners.map((learner, index) => (
            <HStack as="li" key={learner.id} gap="3" py="2">
              <Text w="5" textAlign="center" fontWeight="semibold" color="fg.muted" fontSize="sm" flexShrink={0}>
                {index + 1}
              </Text>
              <Avatar.Root size="sm" colorPalette="brand" variant="subtle" aria-hidden="true" flexShrink={0}>
                <Avatar.Fallback>{learner.avatar}</Avatar.Fallback>
              </Avatar.Root>
              <Box minW="0" flex="1">
                <Text fontWeight="semibold" color="fg">
                  {learner.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  Level {learner.level} ·{' '}
                  <Text as="span" fontWeight="semibold" color="fg">
                    {number(learner.xp)} XP
                  </Text>
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
