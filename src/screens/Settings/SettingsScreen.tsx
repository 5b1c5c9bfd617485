import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  Field,
  Flex,
  HStack,
  Heading,
  Input,
  Portal,
  SimpleGrid,
  Stack,
  StackSeparator,
  Text,
} from '@chakra-ui/react';
import { Bell, Palette, Save, ShieldCheck, Trash2, UserRound } from 'lucide-react';
import {
  profileMessages,
  validateProfile,
  type NotificationPreferences,
  type ProfileSettings,
  type SettingsData,
} from '../../domain/learning';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import type { Remote } from '../remote';
import { SettingsSection } from './parts/SettingsSection';
import { SwitchRow } from './parts/SwitchRow';

export type SettingsValues = {
  profile: ProfileSettings;
  notifications: NotificationPreferences;
  publicProfile: boolean;
};

/** What the screen starts from; `publicProfile` defaults to off (private) when unknown. */
export type SettingsScreenData = SettingsData & { publicProfile?: boolean };

export type SettingsScreenProps = {
  settings: Remote<SettingsScreenData>;
  /** The app's colour mode; the switch applies at once, apart from Save Changes. */
  darkMode: boolean;
  onDarkModeChange(on: boolean): void;
  onSave(values: SettingsValues): void;
  onDeleteAccount(): void;
  isSaving?: boolean;
};

export const DELETE_ACCOUNT_WARNING =
  'This permanently deletes your account, your progress, XP and badges. This cannot be undone.';

const notificationRows: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'Project feedback and reminders by email.' },
  { key: 'push', label: 'Push notifications', description: 'Alerts in your browser while you learn.' },
  { key: 'updates', label: 'Product updates', description: 'News about new paths and features.' },
  { key: 'newsletter', label: 'Newsletter', description: 'A monthly round-up of tips and learner stories.' },
];

type FieldErrors = Partial<Record<keyof ProfileSettings, string>>;

function DeleteAccount({ onDeleteAccount }: { onDeleteAccount(): void }) {
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" py="3">
      <Stack gap="0.5">
        <Text fontWeight="medium" fontSize="sm" color="fg">
          Delete Account
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Remove your account and everything you’ve earned.
        </Text>
      </Stack>
      <Dialog.Root
        role="alertdialog"
        open={open}
        onOpenChange={(details) => setOpen(details.open)}
        initialFocusEl={() => cancelRef.current}
        placement="center"
      >
        <Dialog.Trigger asChild>
          <Button type="button" colorPalette="red" variant="outline" size="sm" flexShrink={0} color="red.fg" borderColor="red.fg">
            <Trash2 aria-hidden="true" /> Delete Account
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Delete your account?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description color="fg.muted">{DELETE_ACCOUNT_WARNING}</Dialog.Description>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button ref={cancelRef} variant="outline" colorPalette="gray">
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="red"
                  _hover={{ bg: 'red.700' }}
                  onClick={() => {
                    onDeleteAccount();
                    setOpen(false);
                  }}
                >
                  Delete account
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Flex>
  );
}

function SettingsForm({
  initial,
  darkMode,
  onDarkModeChange,
  onSave,
  onDeleteAccount,
  isSaving = false,
}: Omit<SettingsScreenProps, 'settings'> & { initial: SettingsScreenData }) {
  const [profile, setProfile] = useState<ProfileSettings>(initial.profile);
  const [notifications, setNotifications] = useState<NotificationPreferences>(initial.notifications);
  const [publicProfile, setPublicProfile] = useState(initial.publicProfile ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fullNameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const editProfile = (key: keyof ProfileSettings, value: string) => {
    setProfile((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateProfile(profile);
    if (message === profileMessages.fullNameRequired) {
      setErrors({ fullName: message });
      fullNameRef.current?.focus();
      return;
    }
    if (message !== null) {
      setErrors({ email: message });
      emailRef.current?.focus();
      return;
    }
    setErrors({});
    onSave({
      profile: { fullName: profile.fullName.trim(), email: profile.email.trim() },
      notifications,
      publicProfile,
    });
  };

  return (
    <Stack asChild gap={{ base: '5', md: '6' }}>
      <form noValidate onSubmit={submit}>
        <SettingsSection title="Profile Settings" description="How you appear on PathForge." icon={UserRound}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root invalid={Boolean(errors.fullName)}>
              <Field.Label>Full Name</Field.Label>
              <Input
                ref={fullNameRef}
                name="fullName"
                autoComplete="name"
                value={profile.fullName}
                onChange={(event) => editProfile('fullName', event.target.value)}
              />
              <Field.ErrorText color="red.fg">{errors.fullName}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.email)}>
              <Field.Label>Email</Field.Label>
              <Input
                ref={emailRef}
                name="email"
                type="email"
                autoComplete="email"
                value={profile.email}
                onChange={(event) => editProfile('email', event.target.value)}
              />
              <Field.ErrorText color="red.fg">{errors.email}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
        </SettingsSection>

        <SettingsSection title="Notifications" description="Choose what we send you." icon={Bell}>
          <Stack gap="0" separator={<StackSeparator borderColor="border" />}>
            {notificationRows.map((row) => (
              <SwitchRow
                key={row.key}
                label={row.label}
                description={row.description}
                checked={notifications[row.key]}
                onCheckedChange={(checked) => setNotifications((current) => ({ ...current, [row.key]: checked }))}
              />
            ))}
          </Stack>
        </SettingsSection>

        <SettingsSection title="Appearance" description="Make PathForge comfortable for your eyes." icon={Palette}>
          <SwitchRow
            label="Dark Mode"
            description="Use a dark colour scheme on this device. Applies straight away."
            checked={darkMode}
            onCheckedChange={onDarkModeChange}
          />
        </SettingsSection>

        <SettingsSection title="Privacy & Security" description="Control who sees your profile." icon={ShieldCheck}>
          <Stack gap="0" separator={<StackSeparator borderColor="border" />}>
            <SwitchRow
              label="Public Profile"
              description="Let other learners see your profile, XP and badges."
              checked={publicProfile}
              onCheckedChange={setPublicProfile}
            />
            <DeleteAccount onDeleteAccount={onDeleteAccount} />
          </Stack>
        </SettingsSection>

        <HStack justify="flex-end">
          <Button
            type="submit"
            colorPalette="brand"
            loading={isSaving}
            loadingText="Saving…"
            w={{ base: 'full', sm: 'auto' }}
          >
            <Save aria-hidden="true" /> Save Changes
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}

/** Settings (spec §2): profile, notifications, appearance, privacy, and Save Changes. */
export function SettingsScreen({ settings, ...rest }: SettingsScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }} maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Settings
        </Heading>
        <Text color="fg.muted">Manage your profile, notifications and account.</Text>
      </Stack>
      <RemoteView remote={settings} loadingLabel="Loading settings">
        {(data) => <SettingsForm initial={data} {...rest} />}
      </RemoteView>
    </Stack>
  );
}
