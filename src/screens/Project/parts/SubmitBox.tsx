import { useId, useState } from 'react';
import { Alert, Box, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { FolderGit2, RefreshCw, Send } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { formatDate } from '../../../domain/format';
import { validateRepoUrl } from '../../../domain/learning';
import type { ProjectDetailView } from '../../../api/learning/contract';
import { validateLiveUrl } from '../../../domain/liveUrl';
import { ExternalAnchor } from './shared';

export type SubmitBoxProps = {
  project: ProjectDetailView;
  /** The submission is on its way: the button waits, the URL stays. */
  submitting: boolean;
  /** Why the API refused the last submission (its own words), or null. */
  error: string | null;
  /** Called with a valid, trimmed GitHub repository URL, and the live URL when the project needs one (else null). */
  onSubmit(submission: SubmissionValues): void;
  /**
   * The app talks to an API on this machine (development, the end-to-end tests), which is not in
   * production and takes http live URLs on this machine: the form takes them too. Default false.
   */
  allowLocalHttp?: boolean;
};

export type SubmissionValues = { repositoryUrl: string; liveUrl: string | null };

/** What a submission being checked says: the report has not answered yet, so nothing is claimed. */
export const SUBMITTED_CHECKING_TEXT = 'Submitted: we are checking it now.';

function Submission({ submission, onReplace }: { submission: NonNullable<ProjectDetailView['submission']>; onReplace(): void }) {
  return (
    <TitledCard title="Your Submission" icon={<FolderGit2 />}>
      <Stack gap="1">
        <Box>
          <ExternalAnchor href={submission.repositoryUrl}>{submission.repositoryUrl}</ExternalAnchor>
        </Box>
        {submission.liveUrl ? (
          <Text fontSize="sm" color="fg.muted">
            Live at <ExternalAnchor href={submission.liveUrl}>{submission.liveUrl}</ExternalAnchor>
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          Submitted on {formatDate(submission.submittedAt)}
        </Text>
        {submission.verification.state === 'checking' ? (
          <Text fontSize="sm" fontWeight="semibold" color="fg">
            {SUBMITTED_CHECKING_TEXT}
          </Text>
        ) : null}
      </Stack>
      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={onReplace}>
        <RefreshCw aria-hidden="true" /> Replace repository
      </Button>
    </TitledCard>
  );
}

/**
 * "Submit Project": a GitHub repository URL (and, for a deployed project, the live URL), checked
 * here, then sent; the API's answer decides (it names the tasks still open). Once submitted it
 * shows the repository (the report beside the tasks says how it was checked) and lets the learner
 * replace it.
 */
export function SubmitBox({ project, submitting, error, onSubmit, allowLocalHttp = false }: SubmitBoxProps) {
  const [replacing, setReplacing] = useState(false);
  const [url, setUrl] = useState('');
  const [live, setLive] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [liveInvalid, setLiveInvalid] = useState<string | null>(null);
  const errorId = useId();
  const liveErrorId = useId();
  const liveHintId = useId();
  const needsLive = project.liveUrlRequired;

  if (project.submission && !replacing) return <Submission submission={project.submission} onReplace={() => setReplacing(true)} />;

  const open = project.status === 'completed' ? [] : project.tasks.filter((task) => !task.completed);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (submitting) return;
    const message = validateRepoUrl(url);
    const liveMessage = needsLive ? validateLiveUrl(live, true, { allowLocalHttp }) : null;
    setInvalid(message);
    setLiveInvalid(liveMessage);
    if (!message && !liveMessage) onSubmit({ repositoryUrl: url.trim(), liveUrl: needsLive ? live.trim() : null });
  };

  return (
    <TitledCard title={replacing ? 'Replace Repository' : 'Submit Project'} icon={<Send />}>
      <Stack asChild gap="3">
        <form noValidate onSubmit={submit} aria-label={replacing ? 'Replace repository' : 'Submit project'}>
          {open.length > 0 ? (
            // One sentence, not a list: a task's title is then found once on the page, in its checkbox.
            <Text fontSize="sm" color="fg">
              Submitting needs every task ticked. Not ticked yet ({open.length} of {project.tasks.length}): {open.map((task) => task.title).join('; ')}.
            </Text>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {replacing
                ? 'Point your submission at another repository. The new one replaces the old.'
                : 'Every task is ticked. Share the repository you built the project in.'}
            </Text>
          )}
          <Field.Root invalid={invalid !== null} ids={{ errorText: errorId }}>
            <Field.Label>GitHub Repository URL</Field.Label>
            <Input
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://github.com/you/project"
              value={url}
              readOnly={submitting}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => {
                const { value } = event.target;
                setUrl(value);
              }}
            />
            <Field.ErrorText color="red.fg">{invalid}</Field.ErrorText>
          </Field.Root>
          {needsLive ? (
            <Field.Root invalid={liveInvalid !== null} ids={{ errorText: liveErrorId }}>
              <Field.Label>Live URL</Field.Label>
              <Input
                type="url"
                inputMode="url"
                autoComplete="url"
                spellCheck={false}
                placeholder="https://you.github.io/project/"
                value={live}
                readOnly={submitting}
                aria-describedby={liveInvalid ? liveErrorId : liveHintId}
                onChange={(event) => {
                  const { value } = event.target;
                  setLive(value);
                }}
              />
              {liveInvalid ? (
                <Field.ErrorText color="red.fg">{liveInvalid}</Field.ErrorText>
              ) : (
                <Text id={liveHintId} fontSize="sm" color="fg.muted">
                  Where your project runs: the checks open it there.
                </Text>
              )}
            </Field.Root>
          ) : null}
          {error && !submitting ? (
            <Alert.Root status="error" variant="subtle" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Not submitted</Alert.Title>
                <Alert.Description>{error}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <HStack gap="3" wrap="wrap">
            {/* Waiting keeps the button's name ("Submit"): a spinner replaces its icon. */}
            <Button type="submit" colorPalette="brand" disabled={submitting} aria-busy={submitting || undefined} w={{ base: 'full', sm: 'auto' }}>
              {submitting ? <Spinner size="sm" aria-hidden="true" /> : <Send aria-hidden="true" />} Submit
            </Button>
            {submitting ? (
              <Text role="status" fontSize="sm" color="fg.muted">
                Sending your repository…
              </Text>
            ) : null}
            {replacing ? (
              <Button variant="outline" disabled={submitting} w={{ base: 'full', sm: 'auto' }} onClick={() => setReplacing(false)}>
                Cancel
              </Button>
            ) : null}
          </HStack>
        </form>
      </Stack>
    </TitledCard>
  );
}
