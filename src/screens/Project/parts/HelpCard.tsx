import { useId, useState } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea, useRecipe } from '@chakra-ui/react';
import { LifeBuoy, MessageCircleQuestion, X } from 'lucide-react';
import { SectionCard } from './shared';

export const HELP_REQUIRED_MESSAGE = 'Describe what you’re stuck on so others can help.';

/** Side card: "Need Help?" and a dialog that sends a question to the community. */
export function HelpCard({ onAskForHelp }: { onAskForHelp?(message: string): void }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const errorId = useId();
  // Our system has no textarea recipe: the textarea looks like our inputs.
  const inputStyles = useRecipe({ key: 'input' })({});

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const send = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const text = message.trim();
    if (text === '') {
      setError(HELP_REQUIRED_MESSAGE);
      return;
    }
    onAskForHelp?.(text);
    setMessage('');
    close();
  };

  return (
    <SectionCard title="Need Help?" headingId="project-help-heading" icon={<LifeBuoy size={18} />}>
      <Text color="fg.muted" fontSize="sm">
        Stuck on a task? Ask the PathForge community and get pointers from other learners and mentors.
      </Text>
      <Dialog.Root open={open} onOpenChange={(details) => (details.open ? setOpen(true) : close())} placement="center">
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
                <Stack asChild gap="3">
                  <form id={formId} noValidate onSubmit={send}>
                  <Text color="fg.muted" fontSize="sm">
                    Your question goes to the community. Include what you tried and what happened.
                  </Text>
                  <Field.Root invalid={error !== null} ids={{ errorText: errorId }}>
                    <Field.Label>What are you stuck on?</Field.Label>
                    <Textarea
                        css={inputStyles}
                        h="auto"
                        minH="32"
                        py="2"
                        resize="vertical"
                        rows={5}
                        value={message}
                        aria-describedby={error ? errorId : undefined}
                        onChange={(event) => {
                          setMessage(event.target.value);
                          if (error) setError(null);
                        }}
                      />
                    <Field.ErrorText color="red.fg">{error}</Field.ErrorText>
                  </Field.Root>
                </form>
</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" form={formId} colorPalette="brand">
                  Send
                </Button>
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
    </SectionCard>
  );
}
