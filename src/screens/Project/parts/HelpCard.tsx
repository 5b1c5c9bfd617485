import { useRef, useState } from 'react';
import { Button, CloseButton, Dialog, Field, HStack, Portal, Stack, Text, Textarea, VisuallyHidden, useRecipe } from '@chakra-ui/react';
import { Check, Copy, ExternalLink, LifeBuoy, MessageCircleQuestion, X } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { communityTopicUrl, helpRequest } from '../../../domain/help';
import type { ProjectDetailView } from '../../../api/learning/contract';
import { LinkButton } from '../../../components/LinkButton/LinkButton';

export const NO_FORUM_MESSAGE = 'PathForge has no community forum set up yet: copy this and post it wherever you get help.';
export const COPY_FAILED_MESSAGE = 'Couldn’t copy it here. Select the text and copy it yourself.';

export type HelpCardProps = {
  project: ProjectDetailView;
  /** The forum's new-topic address; null when PathForge has none. */
  communityUrl: string | null;
  /** Puts the text on the clipboard; true when that worked. */
  onCopyHelpRequest(text: string): Promise<boolean>;
};

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Side card: "Need Help?". With a forum, Ask for Help opens a new post there (new tab) that already
 * names the project; without one, a dialog shows that text to copy and post elsewhere.
 */
export function HelpCard({ project, communityUrl, onCopyHelpRequest }: HelpCardProps) {
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyButton = useRef<HTMLButtonElement>(null);
  // Our system has no textarea recipe: the textarea looks like our inputs.
  const inputStyles = useRecipe({ key: 'input' })({});
  const request = helpRequest(project);
  const text = `${request.title}\n\n${request.body}`;
  const forumLink = communityUrl ? communityTopicUrl(communityUrl, request) : null;

  if (forumLink) {
    return (
      <TitledCard title="Need Help?" icon={<LifeBuoy />}>
        <Text color="fg.muted" fontSize="sm">
          Stuck on a task? Ask on the PathForge community forum. Your post starts with this project’s details.
        </Text>
        <LinkButton asChild variant="outline" colorPalette="brand" alignSelf="flex-start">
          <a href={forumLink} target="_blank" rel="noopener noreferrer">
            <MessageCircleQuestion aria-hidden="true" /> Ask for Help
            <ExternalLink aria-hidden="true" />
            <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
          </a>
        </LinkButton>
      </TitledCard>
    );
  }

  return (
    <TitledCard title="Need Help?" icon={<LifeBuoy />}>
      <Text color="fg.muted" fontSize="sm">
        Stuck on a task? Get a help request with this project’s details, ready to post where you ask for help.
      </Text>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          setOpen(details.open);
          setCopy('idle');
        }}
        placement="center"
        initialFocusEl={() => copyButton.current}
      >
        <Dialog.Trigger asChild>
          <Button variant="outline" colorPalette="brand" alignSelf="flex-start">
            <MessageCircleQuestion aria-hidden="true" /> Ask for Help
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content bg="surface">
              <Dialog.Header>
                <Dialog.Title>Ask for Help</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Text color="fg" fontSize="sm">
                    {NO_FORUM_MESSAGE}
                  </Text>
                  <Field.Root>
                    <Field.Label>Your help request</Field.Label>
                    <Textarea
                      css={inputStyles}
                      h="auto"
                      minH="64"
                      py="2"
                      resize="vertical"
                      rows={10}
                      readOnly
                      value={text}
                      onFocus={(event) => event.currentTarget.select()}
                    />
                  </Field.Root>
                  <Text role="status" fontSize="sm" color={copy === 'failed' ? 'red.fg' : 'fg'} display="flex" alignItems="center" gap="1.5" minH="5">
                    {copy === 'copied' ? (
                      <>
                        <Check size={16} aria-hidden="true" /> Copied
                      </>
                    ) : copy === 'failed' ? (
                      COPY_FAILED_MESSAGE
                    ) : null}
                  </Text>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="3" wrap="wrap" justify="flex-end">
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Done</Button>
                  </Dialog.ActionTrigger>
                  <Button
                    ref={copyButton}
                    colorPalette="brand"
                    onClick={async () => {
                      setCopy('idle');
                      setCopy((await onCopyHelpRequest(text)) ? 'copied' : 'failed');
                    }}
                  >
                    <Copy aria-hidden="true" /> Copy
                  </Button>
                </HStack>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close">
                  <X aria-hidden="true" />
                </CloseButton>
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </TitledCard>
  );
}
