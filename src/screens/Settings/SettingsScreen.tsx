import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Heading, HStack, Input, SimpleGrid, Stack, StackSeparator, Text } from '@chakra-ui/react';
import { MailCheck, Palette, Save, ShieldCheck, UserRound, X } from 'lucide-react';
import { FormError } from '../../components/AuthLayout/AuthFormParts';
import { RemoteView } from '../../components/RemoteView/RemoteView';
import { TitledCard } from '../../components/TitledCard/TitledCard';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput';
import { profileMessages, validateProfile } from '../../domain/learning';
import { accountMessages } from '../../domain/account';
import type { Settings } from '../../api/account/contract';
import { IDLE, type ActionState, type Remote } from '../../components/RemoteView/remote';
import { ChangePasswordDialog } from './parts/ChangePasswordDialog';
import { DeleteAccountDialog } from './parts/DeleteAccountDialog';
import { EMAIL_NEEDS_PASSWORD, NoPasswordRow, PasswordLinkButton, PasswordLinkStatus } from './parts/PasswordLink';
import { LinkedAccountsCard, type LinkedAccountsCardProps } from './parts/LinkedAccountsCard';
import { NotificationsCard, type PushSwitchState } from './parts/NotificationsCard';
import { emailChanged, settingsChanges, shownNotifications, type SettingsChanges, type SettingsValues } from './parts/settingsChanges';
import { SwitchRow } from './parts/SwitchRow';
import { WeeklyGoalCard } from './parts/WeeklyGoalCard';

export type { ActionState } from '../../components/RemoteView/remote';
export type { SettingsChanges } from './parts/settingsChanges';
export type { LinkedAccountsCardProps } from './parts/LinkedAccountsCard';
export { DELETE_ACCOUNT_WARNING, DELETE_PASSWORD_REQUIRED } from './parts/DeleteAccountDialog';
export { DELETE_NEEDS_PASSWORD, EMAIL_NEEDS_PASSWORD, NO_PASSWORD_YET } from './parts/PasswordLink';
export { changePasswordMessages } from './parts/validateChangePassword';
export { WEEKLY_GOAL_LABEL, weeklyGoalOption } from './parts/WeeklyGoalCard';
export { NOTIFICATION_TEXTS, pushDevicesText, type DevicePush, type PushSwitchState } from './parts/NotificationsCard';
export { notificationsToSend, shownNotifications } from './parts/settingsChanges';

type ProfileField = keyof SettingsValues['profile'] | 'currentPassword';

/** Why the last Save failed (the API's message), and the field it is about, if one. */
export type SaveError = { message: string; field?: ProfileField };

export type SettingsScreenProps = {
  /** The account's settings as saved. */
  settings: Remote<Settings>;
  /** The weekly goal as kept (active days a week); it loads apart from the settings. */
  weeklyGoal: Remote<number>;
  /** The learner's time zone (IANA): the next reminder's time is shown on their clock. */
  timeZone: string;
  /** Push on this browser (the container reads and changes it; it acts at once). */
  push: PushSwitchState;
  onPushChange(on: boolean): void;
  /** Dark Mode applies to this device at once; Save Changes keeps it for the account. */
  onDarkModeChange(on: boolean): void;
  /** Only what differs from `settings` (empty: nothing to save). */
  onSave(changes: SettingsChanges): void;
  isSaving?: boolean;
  saveError?: SaveError | null;
  passwordChange?: ActionState;
  onChangePassword(values: { currentPassword: string; newPassword: string }): void;
  accountDeletion?: ActionState;
  onDeleteAccount(values: { password: string }): void;
  /** Sending the waiting email change's link again. */
  emailResend?: ActionState;
  onResendEmail(): void;
  /** Cancelling the waiting email change. */
  emailCancel?: ActionState;
  onCancelEmailChange(): void;
  /** Mailing a link that sets the first password of an account Google or GitHub made (`hasPassword` false). */
  passwordLink?: ActionState;
  onSendPasswordLink(): void;
  /** Google and GitHub sign-in: its own section, acting at once (Save Changes does not touch it). */
  linkedAccounts?: LinkedAccountsCardProps;
};

/** A new address waiting for its link to be opened, with Resend link and Cancel change. */
function PendingEmail(props: { email: string; pendingEmail: string; resend: ActionState; cancel: ActionState; onResend(): void; onCancel(): void }) {
  const { email, pendingEmail, resend, cancel, onResend, onCancel } = props;
  const busy = resend.status === 'pending' || cancel.status === 'pending';
  const problem = resend.status === 'error' ? resend.message : cancel.status === 'error' ? cancel.message : null;
  return (
    <Stack role="region" aria-label="Email change waiting" mt="5" gap="3" p="4" rounded="lg" borderWidth="1px" borderColor="border" bg="bg.subtle">
      <HStack align="flex-start" gap="3">
        <Box color="brand.fg" mt="0.5" flexShrink={0}>
          <MailCheck size={20} aria-hidden="true" />
        </Box>
        <Stack gap="1" minW="0">
          <Text fontWeight="medium" color="fg" overflowWrap="anywhere">
            Check {pendingEmail} to confirm your new email address.
          </Text>
          <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
            Until you open the link there, you sign in and get reset links at {email}.
          </Text>
          <Text color={problem ? 'red.fg' : 'fg.muted'} fontSize="sm" aria-live="polite">
            {problem ?? (resend.status === 'success' ? `A new link is on its way to ${pendingEmail}.` : '')}
          </Text>
        </Stack>
      </HStack>
      <Flex gap="2" wrap="wrap" justify={{ base: 'stretch', sm: 'flex-end' }}>
        <Button
          type="button"
          size="sm"
          variant="outline"
          colorPalette="gray"
          onClick={onResend}
          loading={resend.status === 'pending'}
          loadingText="Sending…"
          disabled={busy}
        >
          Resend link
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          colorPalette="gray"
          onClick={onCancel}
          loading={cancel.status === 'pending'}
          loadingText="Cancelling…"
          disabled={busy}
        >
          <X aria-hidden="true" /> Cancel change
        </Button>
      </Flex>
    </Stack>
  );
}

function SettingsForm({
  saved,
  weeklyGoal,
  timeZone,
  push,
  onPushChange,
  onDarkModeChange,
  onSave,
  isSaving = false,
  saveError = null,
  passwordChange = IDLE,
  onChangePassword,
  accountDeletion = IDLE,
  onDeleteAccount,
  emailResend = IDLE,
  onResendEmail,
  emailCancel = IDLE,
  onCancelEmailChange,
  passwordLink = IDLE,
  onSendPasswordLink,
}: Omit<SettingsScreenProps, 'settings'> & { saved: Settings }) {
  // The form starts from the account once; what the learner types stays until they change it.
  const [profile, setProfile] = useState({ username: saved.profile.username, email: saved.profile.email });
  const [currentPassword, setCurrentPassword] = useState('');
  // A change of address was asked for (or ended): the field shows the address in use again, the
  // waiting one is shown below it, and the password is not kept.
  const [seenEmail, setSeenEmail] = useState(`${saved.profile.email} ${saved.profile.pendingEmail}`);
  if (seenEmail !== `${saved.profile.email} ${saved.profile.pendingEmail}`) {
    setSeenEmail(`${saved.profile.email} ${saved.profile.pendingEmail}`);
    setProfile((current) => ({ ...current, email: saved.profile.email }));
    setCurrentPassword('');
  }
  const changingEmail = emailChanged(saved, profile.email);
  const { hasPassword } = saved.profile;
  const link = { email: saved.profile.email, state: passwordLink, onSend: onSendPasswordLink };
  // The switches start as they act (off where this server cannot send, or while paused).
  const [preferences, setPreferences] = useState(() => ({ ...saved.preferences, notifications: shownNotifications(saved) }));
  const [pickedGoal, setPickedGoal] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  // The API's error the learner has since edited the field of (it no longer describes the field).
  const [dismissed, setDismissed] = useState<SaveError | null>(null);
  const inputs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  const saveErrorId = useId();

  const serverError = saveError && saveError !== dismissed ? saveError : null;
  const fieldError = (field: ProfileField) => errors[field] ?? (serverError?.field === field ? serverError.message : undefined);
  const formError = serverError && !serverError.field ? serverError.message : null;

  // The API refused a field (e.g. an email another account has): back to it, with its message.
  useEffect(() => {
    if (saveError?.field) inputs.current[saveError.field]?.focus();
  }, [saveError]);

  const editProfile = (field: ProfileField, value: string) => {
    if (field === 'currentPassword') setCurrentPassword(value);
    else setProfile((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (saveError?.field === field) setDismissed(saveError);
  };
  const setNotification = (key: keyof Settings['preferences']['notifications'], on: boolean) =>
    setPreferences((current) => ({ ...current, notifications: { ...current.notifications, [key]: on } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const message = validateProfile({ fullName: profile.username, email: profile.email });
    if (message !== null) {
      const field: ProfileField = message === profileMessages.fullNameRequired ? 'username' : 'email';
      setErrors({ [field]: message });
      inputs.current[field]?.focus();
      return;
    }
    // No password yet: none could be entered, so the email waits for the link that sets one.
    if (changingEmail && !hasPassword) {
      setErrors({ email: accountMessages.noPassword });
      inputs.current.email?.focus();
      return;
    }
    if (changingEmail && currentPassword === '') {
      setErrors({ currentPassword: accountMessages.passwordForEmail });
      inputs.current.currentPassword?.focus();
      return;
    }
    setErrors({});
    const changes = settingsChanges(saved, { profile, preferences, weeklyGoal: pickedGoal }, weeklyGoal.status === 'ready' ? weeklyGoal.data : undefined);
    if (changes.profile && changingEmail) changes.profile.currentPassword = currentPassword;
    onSave(changes);
  };
  const pendingEmail = saved.profile.pendingEmail;

  const profileFields: { field: keyof SettingsValues['profile']; label: string; type: string; autoComplete: string }[] = [
    { field: 'username', label: 'Full Name', type: 'text', autoComplete: 'name' },
    { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  ];

  return (
    <Stack asChild gap={{ base: '5', md: '6' }}>
      <form noValidate onSubmit={submit} aria-label="Settings">
        <TitledCard title="Profile Settings" description="How you appear on PathForge." icon={<UserRound />}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {profileFields.map(({ field, label, type, autoComplete }) => (
              <Field.Root key={field} invalid={Boolean(fieldError(field))}>
                <Field.Label>{label}</Field.Label>
                <Input
                  ref={(element) => {
                    inputs.current[field] = element;
                  }}
                  name={field}
                  type={type}
                  autoComplete={autoComplete}
                  value={profile[field]}
                  onChange={(event) => editProfile(field, event.target.value)}
                />
                <Field.ErrorText color="red.fg">{fieldError(field)}</Field.ErrorText>
              </Field.Root>
            ))}
          </SimpleGrid>
          {changingEmail && !hasPassword ? (
            <Stack mt="5" gap="2" align="flex-start" maxW={{ md: 'calc(50% - 10px)' }}>
              <Text color="fg.muted" fontSize="sm">
                {EMAIL_NEEDS_PASSWORD}
              </Text>
              <PasswordLinkButton state={link.state} onSend={link.onSend} />
              <PasswordLinkStatus email={link.email} state={link.state} />
            </Stack>
          ) : changingEmail ? (
            <Field.Root invalid={Boolean(fieldError('currentPassword'))} mt="5" maxW={{ md: 'calc(50% - 10px)' }}>
              <Field.Label>Current password</Field.Label>
              <PasswordInput
                ref={(element) => {
                  inputs.current.currentPassword = element;
                }}
                name="currentPassword"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(event) => editProfile('currentPassword', event.target.value)}
              />
              {fieldError('currentPassword') ? (
                <Field.ErrorText color="red.fg">{fieldError('currentPassword')}</Field.ErrorText>
              ) : (
                <Field.HelperText>Needed to change your email. The new address is used once you open the link we send to it.</Field.HelperText>
              )}
            </Field.Root>
          ) : null}
          {pendingEmail ? (
            <PendingEmail
              email={saved.profile.email}
              pendingEmail={pendingEmail}
              resend={emailResend}
              cancel={emailCancel}
              onResend={onResendEmail}
              onCancel={onCancelEmailChange}
            />
          ) : null}
        </TitledCard>

        <WeeklyGoalCard saved={weeklyGoal} value={pickedGoal} onChange={setPickedGoal} />

        <NotificationsCard
          reminders={saved.reminders}
          values={preferences.notifications}
          streakPush={shownNotifications(saved).streakPush}
          onChange={setNotification}
          timeZone={timeZone}
          push={push}
          onPushChange={onPushChange}
        />

        <TitledCard title="Appearance" description="Make PathForge comfortable for your eyes." icon={<Palette />}>
          <SwitchRow
            label="Dark Mode"
            description="Applies on this device straight away. Save Changes keeps it for your account on every device."
            checked={preferences.darkMode}
            onCheckedChange={(on) => {
              setPreferences((current) => ({ ...current, darkMode: on }));
              onDarkModeChange(on);
            }}
          />
        </TitledCard>

        <TitledCard title="Privacy & Security" description="Your profile, your password and your account." icon={<ShieldCheck />}>
          <Stack gap="0" separator={<StackSeparator borderColor="border" />}>
            <SwitchRow
              label="Public Profile"
              description="Show your name on the leaderboard. Off: other learners see you there as “A PathForge learner”."
              checked={preferences.publicProfile}
              onCheckedChange={(on) => setPreferences((current) => ({ ...current, publicProfile: on }))}
            />
            {hasPassword ? <ChangePasswordDialog state={passwordChange} onChangePassword={onChangePassword} /> : <NoPasswordRow {...link} />}
            <DeleteAccountDialog state={accountDeletion} onDeleteAccount={onDeleteAccount} {...(hasPassword ? {} : { noPassword: link })} />
          </Stack>
        </TitledCard>

        <Flex direction={{ base: 'column', sm: 'row' }} justify="flex-end" align={{ base: 'stretch', sm: 'center' }} gap="3">
          <Box role="alert" flex="1">
            <FormError id={saveErrorId} message={formError} />
          </Box>
          <Button type="submit" colorPalette="brand" loading={isSaving} loadingText="Saving…" aria-describedby={formError ? saveErrorId : undefined} flexShrink={0}>
            <Save aria-hidden="true" /> Save Changes
          </Button>
        </Flex>
      </form>
    </Stack>
  );
}

/** Settings: the account's profile and preferences, saved to it; password; deletion. */
export function SettingsScreen({ settings, linkedAccounts, ...rest }: SettingsScreenProps) {
  return (
    <Stack gap={{ base: '6', md: '8' }} maxW="4xl">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Settings
        </Heading>
        <Text color="fg.muted">Manage your profile, notifications and account.</Text>
      </Stack>
      <RemoteView remote={settings} loadingLabel="Loading settings">
        {(data) => <SettingsForm saved={data} {...rest} />}
      </RemoteView>
      {linkedAccounts ? <LinkedAccountsCard {...linkedAccounts} /> : null}
    </Stack>
  );
}
