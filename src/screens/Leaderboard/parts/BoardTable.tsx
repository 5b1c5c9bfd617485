import { Avatar, Badge, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { UserRound } from 'lucide-react';
import { RankMark } from '../../../components/RankMark/RankMark';
import { formatNumber, formatXp } from '../../../domain/format';
import { boardName, isUnnamed, selfReportedLabel } from '../../../domain/dashboard';
import type { LeaderboardView } from '../../../api/xp/contract';

type Row = LeaderboardView['top'][number];

/** "Linus Okafor 2" → "LO": the first and last words that start with a letter. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  const first = words[0] ?? name;
  const last = words.length > 1 ? (words.at(-1) ?? '') : '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}

/** Private learners keep a plain icon rather than initials: their name is not shown. */
function LearnerCell({ row }: { row: Row }) {
  const hidden = isUnnamed(row);
  const name = boardName(row);
  return (
    <HStack gap="3" minW="0">
      {/* No avatar on a phone: the name keeps the room. */}
      <Avatar.Root hideBelow="sm" size={{ base: 'sm', md: 'md' }} colorPalette={hidden ? 'gray' : 'brand'} variant="subtle" flexShrink={0} aria-hidden="true">
        {hidden ? (
          <Avatar.Fallback>
            <UserRound />
          </Avatar.Fallback>
        ) : (
          <Avatar.Fallback>{initials(name)}</Avatar.Fallback>
        )}
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <HStack gap="2" minW="0">
          <Text fontWeight="medium" color={hidden ? 'fg.muted' : 'fg'} lineClamp={2} wordBreak="break-word">
            {name}
          </Text>
          {row.isMe ? (
            <Badge colorPalette="brand" variant="solid" size="sm" flexShrink={0}>
              You
            </Badge>
          ) : null}
          {/* The learner's own row while their profile is private: others see it unnamed. */}
          {row.isMe && row.private ? (
            <Badge variant="outline" size="sm" flexShrink={0}>
              Private
            </Badge>
          ) : null}
        </HStack>
        {/* On a phone the level sits under the name (its column is hidden there). */}
        <Text hideFrom="md" fontSize="xs" color="fg.muted">
          Level {formatNumber(row.level)}
        </Text>
      </Stack>
    </HStack>
  );
}

/**
 * Under the points that rank, the row's self-reported XP, in words ("+600 XP self-reported"), not
 * ranked; nothing when it has none. Its two parts may wrap apart when the column is narrow.
 */
function SelfReported({ row }: { row: Row }) {
  const text = selfReportedLabel(row);
  if (text === null) return null;
  return (
    <Text fontSize="xs" fontWeight="normal" color="fg.muted" whiteSpace="normal">
      <Text as="span" whiteSpace="nowrap">
        {text.amount}
      </Text>{' '}
      <Text as="span" whiteSpace="nowrap">
        {text.label}
      </Text>
    </Text>
  );
}

function BoardRow({ row }: { row: Row }) {
  return (
    <Table.Row bg={row.isMe ? 'brand.subtle' : 'surface'} aria-current={row.isMe ? 'true' : undefined}>
      <Table.Cell>
        <RankMark plain rank={row.rank} />
      </Table.Cell>
      <Table.Cell maxW="0" w="full">
        <LearnerCell row={row} />
      </Table.Cell>
      <Table.Cell textAlign="end" fontWeight="semibold" color="fg" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {formatXp(row.xp)}
        <SelfReported row={row} />
      </Table.Cell>
      <Table.Cell hideBelow="md" textAlign="end" color="fg" fontVariantNumeric="tabular-nums">
        {formatNumber(row.level)}
      </Table.Cell>
    </Table.Row>
  );
}

export type BoardTableProps = {
  /** The period's name, for the table's caption ("This Week"). */
  label: string;
  board: LeaderboardView;
};

/**
 * The top of the board, the learner's own row highlighted; when they rank below it, their own row
 * follows the top after a line that says so.
 */
export function BoardTable({ label, board }: BoardTableProps) {
  const { top, me } = board;
  const meBelow = me !== null && !top.some((row) => row.isMe) ? me : null;
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" rounded="md">
      <Table.Root size={{ base: 'sm', md: 'md' }}>
        <Table.Caption srOnly>Leaderboard, {label}: rank, learner, XP and level</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w={{ base: '14', md: '20' }} color="fg.muted">
              Rank
            </Table.ColumnHeader>
            <Table.ColumnHeader color="fg.muted">User</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" color="fg.muted">
              Points
            </Table.ColumnHeader>
            <Table.ColumnHeader hideBelow="md" textAlign="end" color="fg.muted">
              Level
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {top.map((row) => (
            <BoardRow key={row.rank} row={row} />
          ))}
          {meBelow ? (
            <>
              <Table.Row bg="bg.subtle">
                <Table.Cell colSpan={4} color="fg.muted" fontSize="sm" textAlign="center" py="2">
                  Your own row: you are not in the top {formatNumber(top.length)} yet
                </Table.Cell>
              </Table.Row>
              <BoardRow row={meBelow} />
            </>
          ) : null}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
