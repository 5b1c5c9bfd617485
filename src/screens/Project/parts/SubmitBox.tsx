import { useId, useState } from 'react';
import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, Send } from 'lucide-react';
import { validateRepoUrl } from '../../../domain/learning';
import { ExternalAnchor, SectionCard, type Submission } from './shared';

/** "Submit Project": a GitHub repository URL, checked here; once sent it shows what was submitted. */
export function SubmitBox({ submission, onSubmit }: { submission: Submission; onSubmit(url: string): void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const message = validateRepoUrl(url);
    if (message) {
      setError(message);
      return;
    }
    setError(null);
    onSubmit(url.trim());
  };

  if (submission.status === 'submitted') {
    return (
      <SectionCard title="Submitted for review" headingId="workspace-submit-heading" icon={<CircleCheck size={18} />}>
        <Stack gap="2">
          <Text fontWeight="semibold">Submitted</Text>
          <Box>
            <ExternalAnchor href={submission.url}>{submission.url}</ExternalAnchor>
          </Box>
          <Text fontSize="sm" color="fg.muted">
            A reviewer will look at your repository. You can keep working on it meanwhile.
          </Text>
        </Stack>
      </SectionCard>
    );
  }

  return (
    <SectionCard title="Submit Project" headingId="workspace-submit-heading" icon={<Send size={18} />}>
      <Stack asChild gap="3">
      <form noValidate onSubmit={submit} aria-labelledby="workspace-submit-heading">
        <Text fontSize="sm" color="fg.muted">
          Done with the tasks? Share your repository for review.
        </Text>
        <Field.Root invalid={error !== null} ids={{ errorText: errorId }}>
          <Field.Label>GitHub Repository URL</Field.Label>
          <Input
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://github.com/you/project"
            value={url}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
          <Field.ErrorText color="red.fg">{error}</Field.ErrorText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="brand" w={{ base: 'full', sm: 'auto' }}>
            <Send aria-hidden="true" /> Submit
          </Button>
        </HStack>
      </form>
</Stack>
    </SectionCard>
  );
}
