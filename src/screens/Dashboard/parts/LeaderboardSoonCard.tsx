import { Button, Flex, HStack, Icon, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Flame, Sparkles, Trophy, TrendingUp } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';

/** What used to be Top Learners: nobody is ranked yet, so it says plainly what arrives soon. */
export function LeaderboardSoonCard() {
  return (
    <TitledCard
      title="Leaderboard"
      icon={<Trophy />}
      footer={
        <Button asChild variant="outline" size="sm" w="full">
          <RouterLink to="/app/leaderboard">View Full Leaderboard</RouterLink>
        </Button>
      }
    >
      <HStack gap="2" aria-hidden="true">
        {[Sparkles, TrendingUp, Flame, Trophy].map((SoonIcon, index) => (
          <Flex key={index} bg="brand.subtle" color="brand.fg" rounded="full" p="2">
            <Icon boxSize="4">
              <SoonIcon />
            </Icon>
          </Flex>
        ))}
      </HStack>
      <Text color="fg">XP, levels, streaks and the leaderboard arrive soon: your completed projects already count.</Text>
    </TitledCard>
  );
}
