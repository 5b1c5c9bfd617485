import { useId, useState, type ReactNode } from 'react';
import { Box, Button, chakra, CloseButton, Dialog, Flex, Heading, HStack, Portal, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  ChevronDown,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CircleMinus,
  CircleX,
  Clock,
  Hand,
  History,
  RefreshCw,
  ShieldCheck,
  TriangleAlert,
  UserCheck,
  X,
} from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { formatTime, formatXp } from '../../../domain/format';
import { githubLimitReport, queueMessage, verificationMessages, type CheckStatus } from '../../../domain/verification';
import type { CheckResult, Verification } from '../../../api/learning/contract';
import { ExternalAnchor } from './shared';

export type VerificationReportProps = {
  verification: Verification;
  /** What the project pays once verified (shown when it has been paid). */
  xp: number;
  /** "Check again" is on its way. */
  rechecking: boolean;
  /** Why the API refused the last "Check again" (its words, e.g. the hourly limit), or null. */
  recheckError: string | null;
  onRecheck(): void;
  /** The learner's time zone, for when "Check again" opens again. */
  timeZone: string;
};

type Look = { label: string; icon: ReactNode; color: string };

/** Every status is an icon and a word (never a colour alone). */
export const STATUS_LOOKS: Record<CheckStatus, Look> = {
  passed: { label: 'Passed', icon: <CircleCheck size={18} />, color: 'green.fg' },
  failed: { label: 'Failed', icon: <CircleX size={18} />, color: 'red.fg' },
  error: { label: 'Couldn’t check', icon: <TriangleAlert size={18} />, color: 'orange.fg' },
  'self-checked': { label: 'Self-checked', icon: <UserCheck size={18} />, color: 'fg.muted' },
  'not-checked': { label: 'Not checked', icon: <CircleMinus size={18} />, color: 'fg.muted' },
  pending: { label: 'Waiting', icon: <CircleDashed size={18} />, color: 'fg.muted' },
};

/** The titles of the report's states (the headline's first line). */
export const reportTitle = (verification: Verification): string => {
  switch (verification.state) {
    case 'checking':
      return verificationMessages.checking;
    case 'passed':
      return 'Passed';
    case 'failed':
      return verificationMessages.failed(failedCount(verification));
    case 'error':
      return 'Couldn’t check your project';
    case 'held':
      return 'Held for review';
    case 'self-reported':
      return 'Self-reported';
    case 'not-verified':
      return 'Not verified yet';
  }
};

/** The requirements that failed (or, when none did, the submission's own checks that did). */
function failedCount(verification: Verification): number {
  const requirements = verification.requirements.filter((r) => r.status === 'failed').length;
  return requirements > 0 ? requirements : verification.submission.filter((r) => r.status === 'failed').length;
}

/** The sentence under the title: what the state means for the learner. */
function reportMessage(verification: Verification, timeZone: string): string {
  switch (verification.state) {
    case 'checking':
      return 'Each requirement shows its result here as soon as the checks finish.';
    case 'passed':
      return verification.xpPaid ? verificationMessages.passed : 'Every check passed.';
    case 'failed':
      return 'Fix what failed, push your changes, then check again.';
    case 'error':
      return verification.retryAt ? githubLimitReport(formatTime(verification.retryAt, timeZone)) : verificationMessages.error;
    case 'held':
      return verificationMessages.held;
    case 'self-reported':
      return verificationMessages.selfReported;
    case 'not-verified':
      return verificationMessages.notVerified;
  }
}

const STATE_ICONS: Record<Exclude<Verification['state'], 'checking'>, Omit<Look, 'label'>> = {
  passed: { icon: <ShieldCheck size={22} />, color: 'green.fg' },
  failed: { icon: <CircleX size={22} />, color: 'red.fg' },
  error: { icon: <TriangleAlert size={22} />, color: 'orange.fg' },
  held: { icon: <Hand size={22} />, color: 'orange.fg' },
  'self-reported': { icon: <UserCheck size={22} />, color: 'fg.muted' },
  'not-verified': { icon: <History size={22} />, color: 'fg.muted' },
};

function Headline({ verification, xp, timeZone }: { verification: Verification; xp: number; timeZone: string }) {
  const { state } = verification;
  const xpPaid = verification.xpPaid && (state === 'passed' || state === 'self-reported');
  return (
    <HStack gap="3" align="flex-start" bg="bg.muted" rounded="md" px="3" py="3">
      <Box as="span" color={state === 'checking' ? 'brand.fg' : STATE_ICONS[state].color} mt="0.5" flexShrink={0} display="inline-flex" aria-hidden="true">
        {state === 'checking' ? <Spinner size="sm" /> : STATE_ICONS[state].icon}
      </Box>
      <Stack gap="1" minW="0">
        <Heading as="h3" size="sm">
          {reportTitle(verification)}
        </Heading>
        <Text fontSize="sm" color="fg">
          {reportMessage(verification, timeZone)}
        </Text>
        {state === 'checking' && verification.queue ? (
          <Text fontSize="sm" fontWeight="semibold" color="fg" display="flex" alignItems="center" gap="1.5">
            <Clock size={14} aria-hidden="true" /> {queueMessage(verification.queue)}
          </Text>
        ) : null}
        {xpPaid ? (
          <Text fontSize="sm" fontWeight="semibold" color="fg">
            +{formatXp(xp)}
            {state === 'self-reported' ? ' (self-reported)' : ' paid'}
          </Text>
        ) : null}
      </Stack>
    </HStack>
  );
}

function Commit({ verification }: { verification: Verification }) {
  if (!verification.commit) return null;
  const short = verification.commit.sha.slice(0, 7);
  return (
    <Text fontSize="sm" color="fg.muted">
      Commit checked:{' '}
      <ExternalAnchor href={verification.commit.url}>
        <VisuallyHidden>commit </VisuallyHidden>
        {short}
      </ExternalAnchor>
    </Text>
  );
}

function Screenshot({ src, label }: { src: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center" size="lg">
      <Dialog.Trigger asChild>
        <Button variant="outline" h="auto" p="1.5" alignSelf="flex-start" flexDirection="column" gap="1">
          <chakra.img src={src} alt="" w="40" h="auto" rounded="sm" borderWidth="1px" borderColor="border" />
          <Text as="span" fontSize="xs" color="fg.muted">
            Enlarge the screenshot
          </Text>
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="surface">
            <Dialog.Header>
              <Dialog.Title>Your page as checked</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <chakra.img
                  src={src}
                  alt={`Screenshot of your page when “${label}” was checked`}
                  w="full"
                  h="auto"
                  borderWidth="1px"
                  borderColor="border"
                  rounded="sm"
                />
                <Text fontSize="sm" color="fg.muted">
                  {label}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close">
                <X aria-hidden="true" />
              </CloseButton>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Details({ result }: { result: CheckResult }) {
  const evidence = result.evidence;
  const rows: [string, string][] = [];
  if (evidence?.target) rows.push(['Checked', evidence.target]);
  if (evidence?.expected) rows.push(['Expected', evidence.expected]);
  if (evidence?.found) rows.push(['Found', evidence.found]);
  return (
    <Stack gap="2" pl="7" pb="3" fontSize="sm">
      {result.message ? <Text color="fg">{result.message}</Text> : null}
      {rows.length > 0 ? (
        <Box as="dl" display="grid" gridTemplateColumns="auto minmax(0, 1fr)" columnGap="3" rowGap="1" bg="bg.subtle" rounded="md" px="3" py="2">
          {rows.map(([term, value]) => (
            <Box key={term} display="contents">
              <Text as="dt" color="fg.muted">
                {term}
              </Text>
              <Text as="dd" color="fg" overflowWrap="anywhere">
                {value}
              </Text>
            </Box>
          ))}
        </Box>
      ) : null}
      {evidence?.screenshot ? <Screenshot src={evidence.screenshot} label={result.label} /> : null}
      {evidence?.url ? (
        <Box>
          <ExternalAnchor href={evidence.url}>Open what was checked</ExternalAnchor>
        </Box>
      ) : null}
    </Stack>
  );
}

function ResultRow({ result, expanded, onToggle }: { result: CheckResult; expanded: boolean; onToggle(): void }) {
  const look = STATUS_LOOKS[result.status];
  const detailsId = useId();
  const expandable = result.message !== null || result.evidence !== null;
  const summary = (
    <>
      <HStack as="span" gap="1.5" color={look.color} fontWeight="semibold" flexShrink={0} minW="32">
        <Box as="span" display="inline-flex" aria-hidden="true">
          {look.icon}
        </Box>
        <span>{look.label}</span>
        <VisuallyHidden>:</VisuallyHidden>
      </HStack>
      <Text as="span" color="fg" flex="1" minW="0" textAlign="start">
        {result.label}
      </Text>
    </>
  );
  return (
    <Box as="li" borderTopWidth="1px" borderColor="border" _first={{ borderTopWidth: 0 }}>
      {expandable ? (
        <>
          <chakra.button
            type="button"
            display="flex"
            w="full"
            gap="2"
            py="2.5"
            alignItems="flex-start"
            flexWrap="wrap"
            fontSize="sm"
            cursor="pointer"
            rounded="sm"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={onToggle}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.fg', outlineOffset: '2px' }}
          >
            <Box as="span" color="fg.muted" display="inline-flex" mt="0.5" aria-hidden="true">
              {expanded ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
            </Box>
            {summary}
          </chakra.button>
          <Box id={detailsId} hidden={!expanded}>
            {expanded ? <Details result={result} /> : null}
          </Box>
        </>
      ) : (
        <Flex gap="2" py="2.5" pl="6" alignItems="flex-start" flexWrap="wrap" fontSize="sm">
          {summary}
        </Flex>
      )}
    </Box>
  );
}

function ResultList({ title, results, expanded, onToggle }: { title: string; results: CheckResult[]; expanded: ReadonlySet<string>; onToggle(id: string): void }) {
  const headingId = useId();
  if (results.length === 0) return null;
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm" id={headingId}>
        {title}
      </Heading>
      <Stack as="ul" gap="0" listStyleType="none" aria-labelledby={headingId}>
        {results.map((result) => (
          <ResultRow key={result.id} result={result} expanded={expanded.has(result.id)} onToggle={() => onToggle(result.id)} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The first failing check (else the first that could not run): open from the start. */
function firstToOpen(verification: Verification): string | null {
  const all = [...verification.submission, ...verification.requirements];
  return (all.find((r) => r.status === 'failed') ?? all.find((r) => r.status === 'error'))?.id ?? null;
}

const RECHECKABLE: ReadonlySet<Verification['state']> = new Set(['failed', 'error', 'not-verified']);

function Recheck({ verification, rechecking, recheckError, onRecheck, timeZone }: Omit<VerificationReportProps, 'xp'>) {
  if (!RECHECKABLE.has(verification.state)) return null;
  const { allowed, nextAt } = verification.recheck;
  return (
    <Stack gap="2">
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="brand" size="sm" disabled={!allowed || rechecking} aria-busy={rechecking || undefined} onClick={onRecheck}>
          {rechecking ? <Spinner size="xs" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />} Check again
        </Button>
        {!allowed && nextAt ? (
          <Text fontSize="sm" color="fg.muted" display="flex" alignItems="center" gap="1.5">
            <Clock size={14} aria-hidden="true" /> {verificationMessages.recheckLimit(formatTime(nextAt, timeZone))}
          </Text>
        ) : null}
      </HStack>
      {recheckError && !rechecking ? (
        <Text role="alert" fontSize="sm" color="red.fg" display="flex" alignItems="center" gap="1.5">
          <CircleAlert size={14} aria-hidden="true" /> {recheckError}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The report on a submission: the state, the commit checked, the submission's own checks and then
 * each requirement with its status (icon and word), its message and the evidence to act on. The
 * first failing check starts open. When the checks finish, the result is announced.
 */
export function VerificationReport({ verification, xp, rechecking, recheckError, onRecheck, timeZone }: VerificationReportProps) {
  const opened = firstToOpen(verification);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(opened ? [opened] : []));
  const [announcement, setAnnouncement] = useState('');
  const [seen, setSeen] = useState(verification.state);

  // A new result (checking → a state) opens its first failure and is read out once.
  if (seen !== verification.state) {
    setSeen(verification.state);
    if (seen === 'checking') {
      setAnnouncement(`${reportTitle(verification)} ${reportMessage(verification, timeZone)}`);
      if (opened) setExpanded((current) => new Set([...current, opened]));
    }
  }

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <TitledCard title="Verification Report" icon={<ShieldCheck />}>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      <Headline verification={verification} xp={xp} timeZone={timeZone} />
      <Commit verification={verification} />
      <ResultList title="Your submission" results={verification.submission} expanded={expanded} onToggle={toggle} />
      <ResultList title="Requirements" results={verification.requirements} expanded={expanded} onToggle={toggle} />
      <Recheck verification={verification} rechecking={rechecking} recheckError={recheckError} onRecheck={onRecheck} timeZone={timeZone} />
    </TitledCard>
  );
}
