import { Badge, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRight, FolderCheck } from 'lucide-react';
import { formatNumber } from '../../../domain/format';

export type WelcomeBannerProps = {
  /** The page's h1, with the learner's username. */
  greeting: string;
  message: string;
  /** Projects completed across every path (the one learner figure that is real today). */
  projectsCompleted: number;
  continueLabel: string;
  continueHref: string;
  onContinueLearning?(): void;
};

/** The greeting (the page's h1), the learner's real count of completed projects and the way on. */
export function WelcomeBanner({ greeting, message, projectsCompleted, continueLabel, continueHref, onContinueLearning }: WelcomeBannerProps) {
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
          {greeting}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="green" variant="surface" size="lg" gap="1.5" data-testid="projects-completed">
            <FolderCheck aria-hidden="true" />
            {projectsCompleted === 1 ? '1 project completed' : `${formatNumber(projectsCompleted)} projects completed`}
          </Badge>
        </HStack>
      </Stack>
      <Button asChild colorPalette="brand" size="lg" flexShrink={0}>
        <RouterLink to={continueHref} onClick={onContinueLearning}>
          {continueLabel}
          <ArrowRight aria-hidden="true" />
        </RouterLink>
      </Button>
    </Flex>
  );
}
