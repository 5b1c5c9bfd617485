import { Badge, Box, Flex, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AlarmClock, ArrowRight, Flame, FolderCheck, Trophy } from 'lucide-react';
import { streakAtRiskLine, streakLabel } from '../../../domain/dashboard';
import { formatNumber, formatXp } from '../../../domain/format';
import type { XpSummary } from '../../../api/xp/contract';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import type { Remote } from '../../../components/RemoteView/remote';
import { LinkButton } from '../../../components/LinkButton/LinkButton';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert/LoadErrorAlert';

export type WelcomeBannerProps = {
  /** The page's h1, with the learner's username. */
  greeting: string;
  message: string;
  /** Projects completed across every path (from the path list). */
  projectsCompleted: number;
  /** The learner's XP, level and daily streak (GET /learning/xp); its failure leaves the rest of the banner. */
  xp: Remote<XpSummary>;
  continueLabel: string;
  continueHref: string;
  onContinueLearning?(): void;
};

function ProjectsBadge({ count }: { count: number }) {
  return (
    <Badge colorPalette="green" variant="surface" size="lg" gap="1.5" data-testid="projects-completed">
      <FolderCheck aria-hidden="true" />
      {count === 1 ? '1 project completed' : `${formatNumber(count)} projects completed`}
    </Badge>
  );
}

/** The daily streak and level badges, the streak at risk, the XP towards the next level. */
function LearnerFigures({ xp, projectsCompleted }: { xp: XpSummary; projectsCompleted: number }) {
  const { level, daily } = xp;
  const atRisk = streakAtRiskLine(daily);
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette="orange" variant="surface" size="lg" gap="1.5" data-testid="streak-badge">
          <Flame aria-hidden="true" />
          {streakLabel(daily)}
        </Badge>
        <Badge colorPalette="brand" variant="surface" size="lg" gap="1.5" data-testid="level-badge">
          <Trophy aria-hidden="true" />
          Level {level.level}
        </Badge>
        <ProjectsBadge count={projectsCompleted} />
      </HStack>
      {atRisk ? (
        <HStack gap="2" align="flex-start" color="fg" fontSize="sm" fontWeight="medium">
          <Box color="orange.fg" flexShrink={0} mt="0.5">
            <AlarmClock size={16} aria-hidden="true" />
          </Box>
          <Text>{atRisk}</Text>
        </HStack>
      ) : null}
      <Box maxW="md">
        <ProgressBar
          size="sm"
          percent={level.percent}
          label={`Progress to level ${level.level + 1}`}
          caption={
            <Text as="span" data-testid="xp-total">
              <Text as="span" fontWeight="semibold" color="fg">
                {formatXp(xp.totalXp)}
              </Text>{' '}
              in total
            </Text>
          }
          valueText={`${formatXp(level.xpToNextLevel)} to level ${level.level + 1}`}
        />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        Your daily streak counts the days in a row you were active
        {daily.longest > 0 ? ` (your longest: ${daily.longest === 1 ? '1 day' : `${daily.longest} days`})` : ''}. Your weekly goal is on{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/app/xp-badges">XP &amp; Badges</RouterLink>
        </Link>
        .
      </Text>
    </Stack>
  );
}

/** XP still loading or not loaded: the projects count (from the path list) stays, the rest says where it stands. */
function FiguresPending({ xp, projectsCompleted }: { xp: Exclude<Remote<XpSummary>, { status: 'ready' }>; projectsCompleted: number }) {
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        {xp.status === 'loading' ? (
          <HStack gap="2" role="status" aria-label="Loading your XP and streak">
            <Skeleton h="7" w="32" rounded="md" />
            <Skeleton h="7" w="20" rounded="md" />
          </HStack>
        ) : null}
        <ProjectsBadge count={projectsCompleted} />
      </HStack>
      {xp.status === 'error' ? <LoadErrorAlert title="Your XP and streak could not be loaded." message={xp.message} onRetry={xp.onRetry} maxW="xl" /> : null}
    </Stack>
  );
}

/** The greeting (the page's h1), the learner's daily streak, level, XP and projects completed, and the way on. */
export function WelcomeBanner({ greeting, message, projectsCompleted, xp, continueLabel, continueHref, onContinueLearning }: WelcomeBannerProps) {
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
      <Stack gap="3" minW="0" flex="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" color="fg">
          {greeting}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        {xp.status === 'ready' ? (
          <LearnerFigures xp={xp.data} projectsCompleted={projectsCompleted} />
        ) : (
          <FiguresPending xp={xp} projectsCompleted={projectsCompleted} />
        )}
      </Stack>
      <LinkButton asChild colorPalette="brand" size="lg" flexShrink={0}>
        <RouterLink to={continueHref} onClick={onContinueLearning}>
          {continueLabel}
          <ArrowRight aria-hidden="true" />
        </RouterLink>
      </LinkButton>
    </Flex>
  );
}
