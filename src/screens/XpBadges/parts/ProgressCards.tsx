import type { ReactNode } from 'react';
import { Alert, Badge as Tag, HStack, Text } from '@chakra-ui/react';
import { CalendarCheck, Check, ChevronsUp, Flame } from 'lucide-react';
import { ProgressBar } from '../../../components/ProgressBar/ProgressBar';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { formatDuration, formatNumber, formatWeeks } from '../../../domain/format';
import type { XpSummary } from '../../../api/xp/contract';

const days = (n: number) => `${formatNumber(n)} ${n === 1 ? 'day' : 'days'}`;

/** The card's headline figure and what it means. */
function Headline({ value, unit }: { value: string; unit?: string }) {
  return (
    <HStack gap="2" align="baseline" wrap="wrap">
      <Text fontSize="3xl" fontWeight="bold" lineHeight="short" color="fg" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      {unit ? <Text color="fg.muted">{unit}</Text> : null}
    </HStack>
  );
}

function Note({ status, children }: { status: 'warning' | 'success' | 'neutral'; children: ReactNode }) {
  return (
    <Alert.Root
      status={status === 'neutral' ? 'info' : status}
      colorPalette={status === 'neutral' ? 'gray' : undefined}
      bg={status === 'neutral' ? 'bg.subtle' : undefined}
      borderWidth={status === 'neutral' ? '1px' : undefined}
      borderColor="border"
      variant="subtle"
      size="sm"
    >
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{children}</Alert.Title>
    </Alert.Root>
  );
}

/** The level reached and the way to the next one (the level's own step, not the total). */
export function LevelCard({ level }: { level: XpSummary['level'] }) {
  const next = level.level + 1;
  return (
    <TitledCard title="Level" icon={<ChevronsUp />} fill>
      <Headline value={`Level ${formatNumber(level.level)}`} />
      <Text color="fg.muted" fontSize="sm">
        {formatNumber(level.xpToNextLevel)} XP to level {formatNumber(next)}
      </Text>
      <ProgressBar
        percent={level.percent}
        label={`Progress to level ${next}`}
        caption={`${formatNumber(level.xpIntoLevel)} of ${formatNumber(level.xpForNextLevel)} XP in this level`}
      />
    </TitledCard>
  );
}

/** Days in a row with work: the streak the dashboard shows. */
export function DailyStreakCard({ daily }: { daily: XpSummary['daily'] }) {
  const broken = daily.current === 0 && daily.longest > 0;
  return (
    <TitledCard title="Daily streak" icon={<Flame />} description="The streak your dashboard shows." fill>
      <Headline value={formatNumber(daily.current)} unit={daily.current === 1 ? 'day in a row' : 'days in a row'} />
      {broken ? null : (
        <Text color="fg.muted" fontSize="sm">
          Longest: {days(daily.longest)}
        </Text>
      )}
      {daily.atRisk ? (
        <Note status="warning">Do some work today to keep it: {formatDuration(daily.msLeftToday)} left</Note>
      ) : broken ? (
        <Note status="neutral">Your longest was {days(daily.longest)}. Tick a task to start a new one.</Note>
      ) : daily.activeToday ? (
        <Note status="success">You have worked today: come back tomorrow to keep it going.</Note>
      ) : (
        <Note status="neutral">Tick a task to start your streak.</Note>
      )}
    </TitledCard>
  );
}

/** Weeks in a row that met the goal, and this week so far. */
export function WeeklyGoalCard({ weekly }: { weekly: XpSummary['weekly'] }) {
  const still = Math.max(0, weekly.goal - weekly.daysThisWeek);
  return (
    <TitledCard
      title="Weekly goal"
      icon={<CalendarCheck />}
      description={`${weekly.goal} active ${weekly.goal === 1 ? 'day' : 'days'} a week`}
      action={
        weekly.metThisWeek ? (
          <Tag colorPalette="green" variant="subtle" size="md" gap="1">
            <Check size={14} aria-hidden="true" />
            Met
          </Tag>
        ) : (
          <Tag colorPalette="gray" variant="outline" size="md">
            Not yet
          </Tag>
        )
      }
      fill
    >
      <Headline value={formatNumber(weekly.current)} unit={weekly.current === 1 ? 'week in a row' : 'weeks in a row'} />
      <Text color="fg.muted" fontSize="sm">
        Longest: {formatWeeks(weekly.longest)}
      </Text>
      <ProgressBar
        percent={Math.min(100, Math.floor((weekly.daysThisWeek / weekly.goal) * 100))}
        label="Active days this week"
        caption={
          weekly.daysThisWeek > weekly.goal ? `${weekly.daysThisWeek} active days this week` : `${weekly.daysThisWeek} of ${weekly.goal} active days this week`
        }
      />
      {weekly.atRisk ? (
        <Note status="warning">
          {still} more active {still === 1 ? 'day' : 'days'} this week keep your streak of {formatWeeks(weekly.current)}.
        </Note>
      ) : null}
    </TitledCard>
  );
}
