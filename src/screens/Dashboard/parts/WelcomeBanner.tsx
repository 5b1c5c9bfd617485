import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, Flame, Trophy } from 'lucide-react';

export type WelcomeBannerProps = {
  username: string;
  streak: number;
  level: number;
  continueHref: string;
  onContinueLearning?(): void;
};

/** The greeting (the page's h1), the streak and level badges and the Continue Learning button. */
export function WelcomeBanner({ username, streak, level, continueHref, onContinueLearning }: WelcomeBannerProps) {
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      gap={{ base: '5', md: '6' }}
      p={{ base: '5', md: '7' }}
      rounded="2xl"
      bg="brand.subtle"
      borderWidth="1px"
      borderColor="brand.muted"
    >
      <Stack gap="3" minW="0">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" color="fg">
          Welcome back, {username}!
        </Heading>
        <Text color="fg.muted">Keep the momentum going: every project brings you closer to your goal.</Text>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="orange" variant="surface" size="lg" gap="1.5" data-testid="streak-badge">
            <Flame aria-hidden="true" />
            {`${streak}-day streak`}
          </Badge>
          <Badge colorPalette="brand" variant="surface" size="lg" gap="1.5" data-testid="level-badge">
            <Trophy aria-hidden="true" />
            {`Level ${level}`}
          </Badge>
        </HStack>
      </Stack>
      <Button asChild colorPalette="brand" size="lg" flexShrink={0}>
        <RouterLink to={continueHref} onClick={onContinueLearning}>
          Continue Learning
          <ArrowRight aria-hidden="true" />
        </RouterLink>
      </Button>
    </Flex>
  );
}
