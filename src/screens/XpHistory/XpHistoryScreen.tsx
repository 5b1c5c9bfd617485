import { Box, Button, Field, Flex, Heading, HStack, Icon, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Award, CircleCheck, FolderCheck, SearchX, Sparkles, type LucideIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { TitledCard } from '../../components/TitledCard/TitledCard';
import { formatDate, formatNumber, formatXp } from '../../domain/format';
import type { XpEventView } from '../../api/xp/contract';
import { reasonLabel, type XpReason } from '../../domain/xp';
import type { Remote } from '../../components/RemoteView/remote';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type PathOption = { slug: string; title: string };

export type XpHistoryScreenProps = {
  /** Every award, newest first (GET /learning/xp/history), of one path when `pathSlug` is set. */
  events: Remote<XpEventView[]>;
  /** The paths the filter offers (empty while they load). */
  paths: PathOption[];
  /** The path shown, or null for all (kept in the URL as ?path=slug). */
  pathSlug: string | null;
  onPathChange(slug: string | null): void;
};

const REASON_STYLE: Record<XpReason, { icon: LucideIcon; palette: string }> = {
  task: { icon: CircleCheck, palette: 'brand' },
  project: { icon: FolderCheck, palette: 'green' },
  badge: { icon: Award, palette: 'orange' },
};

const awards = (n: number) => `${formatNumber(n)} ${n === 1 ? 'award' : 'awards'}`;
const total = (events: XpEventView[]) => events.reduce((sum, event) => sum + event.amount, 0);

/** The events by the learner's local day they were earned on, newest day first (the API's order). */
function byDay(events: XpEventView[]): { day: string; events: XpEventView[] }[] {
  const days: { day: string; events: XpEventView[] }[] = [];
  for (const event of events) {
    const last = days.at(-1);
    if (last && last.day === event.earnedOn) last.events.push(event);
    else days.push({ day: event.earnedOn, events: [event] });
  }
  return days;
}

function EventRow({ event }: { event: XpEventView }) {
  const style = REASON_STYLE[event.reason];
  return (
    <HStack as="li" gap="3" py="3" align="flex-start" borderTopWidth="1px" borderColor="border" _first={{ borderTopWidth: 0, pt: 0 }}>
      <Box colorPalette={style.palette} bg="colorPalette.subtle" color="colorPalette.fg" rounded="full" p="2" flexShrink={0} aria-hidden="true">
        <Icon boxSize="4">
          <style.icon />
        </Icon>
      </Box>
      <Stack gap="0.5" flex="1" minW="0">
        <Text fontWeight="medium" color="fg">
          {event.title}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {reasonLabel(event.reason)}
          {event.path ? ` · ${event.path.title}` : ''}
        </Text>
      </Stack>
      <Text fontWeight="semibold" color="brand.fg" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        +{formatXp(event.amount)}
      </Text>
    </HStack>
  );
}

function History({ events, pathTitle }: { events: XpEventView[]; pathTitle: string | null }) {
  return (
    <Stack gap={{ base: '4', md: '5' }}>
      <Text color="fg.muted" aria-live="polite">
        <Text as="strong" color="fg">
          {formatXp(total(events))}
        </Text>{' '}
        from {awards(events.length)}
        {pathTitle ? ` on ${pathTitle}` : ''}, newest first.
      </Text>
      {byDay(events).map(({ day, events: ofDay }) => (
        <TitledCard
          key={day}
          title={formatDate(day)}
          action={
            <Text fontSize="sm" fontWeight="semibold" color="fg.muted" fontVariantNumeric="tabular-nums">
              +{formatXp(total(ofDay))}
            </Text>
          }
        >
          <Stack as="ul" gap="0" listStyleType="none">
            {ofDay.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </Stack>
        </TitledCard>
      ))}
    </Stack>
  );
}

/** XP history: why the learner has the XP they have, award by award, one path or all. */
export function XpHistoryScreen({ events, paths, pathSlug, onPathChange }: XpHistoryScreenProps) {
  const known = paths.find((path) => path.slug === pathSlug);
  const pathTitle = pathSlug === null ? null : (known?.title ?? null);
  return (
    <Stack gap="6">
      <Stack gap="3">
        <Link asChild color="brand.fg" fontWeight="medium" fontSize="sm" alignSelf="flex-start">
          <RouterLink to="/app/xp-badges">
            <ArrowLeft size={16} aria-hidden="true" /> XP & Badges
          </RouterLink>
        </Link>
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            XP history
          </Heading>
          <Text color="fg.muted">Every award of XP you have earned and what earned it.</Text>
        </Stack>
      </Stack>
      <Flex>
        <Field.Root maxW={{ base: 'full', sm: 'xs' }}>
          <Field.Label>Path</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field bg="surface" value={pathSlug ?? ''} onChange={(event) => onPathChange(event.target.value === '' ? null : event.target.value)}>
              <option value="">All paths</option>
              {pathSlug !== null && !known ? <option value={pathSlug}>This path</option> : null}
              {paths.map((path) => (
                <option key={path.slug} value={path.slug}>
                  {path.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <RemoteView remote={events} loadingLabel="Loading your XP history">
        {(list) =>
          list.length > 0 ? (
            <History events={list} pathTitle={pathTitle} />
          ) : pathSlug === null ? (
            <EmptyState
              icon={<Sparkles />}
              title="Tick your first task to earn XP"
              description="Every task you tick, project you complete and badge you earn shows here, with the XP it paid."
              action={
                <LinkButton asChild colorPalette="brand">
                  <RouterLink to="/app/paths">Go to your paths</RouterLink>
                </LinkButton>
              }
            />
          ) : (
            <EmptyState
              icon={<SearchX />}
              title={pathTitle ? `No XP from ${pathTitle} yet` : 'No XP from this path yet'}
              description="Tick a task on this path and it shows here."
              action={
                <Button variant="outline" onClick={() => onPathChange(null)}>
                  Show all paths
                </Button>
              }
            />
          )
        }
      </RemoteView>
    </Stack>
  );
}
