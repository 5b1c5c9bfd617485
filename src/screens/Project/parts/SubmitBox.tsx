import { useId, useState } from 'react';
import { Alert, Box, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { FolderGit2, Info, RefreshCw, Send } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { formatDate } from '../../../domain/format';
import { validateRepoUrl } from '../../../domain/learning';
import type { ProjectDetailView } from '../../../domain/learningApi';
import { ExternalAnchor } from './shared';

export type SubmitBoxProps = {
  project: ProjectDetailView;
  /** The submission is on its way: the button waits, the URL stays. */
  submitting: boolean;
  /** Why the API refused the last submission (its own words), or null. */
  error: string | null;
  /** Called with a valid, trimmed GitHub repository URL. */
  onSubmit(repositoryUrl: string): void;
};

export const NOT_VERIFIED_TEXT =
  'PathForge doesn’t check repositories yet, so nobody has looked at this one. Your project counts as completed because you submitted it.';

function Submission({ submission, onReplace }: { submission: NonNullable<ProjectDetailView['submission']>; onReplace(): void }) {
  return (
    <TitledCard title="Your Submission" icon={<FolderGit2 />}>
      <Stack gap="1">
        <Box>
          <ExternalAnchor href={submission.repositoryUrl}>{submission.repositoryUrl}</ExternalAnchor>
        </Box>
        <Text fontSize="sm" color="fg.muted">
          Submitted on {formatDate(submission.submittedAt)}
        </Text>
      </Stack>
      <HStack gap="2.5" align="flex-start" bg="bg.muted" rounded="md" px="3" py="2.5" fontSize="sm">
        <Box as="span" color="fg.muted" mt="0.5" flexShrink={0} display="inline-flex" aria-hidden="true">
          <Info size={16} />
        </Box>
        <Stack gap="0.5">
          <Text fontWeight="semibold">Not verified yet</Text>
          <Text color="fg">{NOT_VERIFIED_TEXT}</Text>
        </Stack>
      </HStack>
      <Button variant="outline" size="sm" alignSelf="flex-start" onClick={onReplace}>
        <RefreshCw aria-hidden="true" /> Replace repository
      </Button>
    </TitledCard>
  );
}

/**
 * "Submit Project": a GitHub repository URL, checked here, then sent; the API's answer decides
 * (it names the tasks still open). Once submitted it shows the repository, not verified yet, and
 * lets the learner replace it.
 */
export function SubmitBox({ project, submitting, error, onSubmit }: SubmitBoxProps) {
  const [replacing, setReplacing] = useState(false);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const errorId = useId();

  if (project.submission && !replacing) return <Submission submission={project.submission} onReplace={() => setReplacing(true)} />;

  const open = project.status === 'completed' ? [] : project.tasks.filter((task) => !task.completed);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (submitting) return;
    const message = validateRepoUrl(url);
    setInvalid(message);
    if (!message) onSubmit(url.trim());
  };

  return (
    <TitledCard title={replacing ? 'Replace Repository' : 'Submit Project'} icon={<Send />}>
      <Stack asChild gap="3">
        <form noValidate onSubmit={submit} aria-label={replacing ? 'Replace repository' : 'Submit project'}>
          {open.length > 0 ? (
            // One sentence, not a list: a task's title is then found once on the page, in its checkbox.
            <Text fontSize="sm" color="fg">
              Submitting needs every task ticked. Not ticked yet ({open.length} of {project.tasks.length}):{' '}
              {open.map((task) => task.title).join('; ')}.
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
