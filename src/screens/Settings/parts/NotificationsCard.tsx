import { useId, type ReactNode } from 'react';
import { Box, Heading, HStack, Stack, StackSeparator, Text } from '@chakra-ui/react';
import { Bell, PauseCircle } from 'lucide-react';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { formatLocalTime } from '../../../domain/format';
import type { NotificationPreferences, RemindersStatus } from '../../../api/account/contract';
import { SwitchRow } from './SwitchRow';

/**
 * Push on this browser: still being read, not possible here, blocked by the learner in the
 * browser, off, or on (subscribed, and the account's streak push switch on).
 */
export type DevicePush = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

export type PushSwitchState = {
  device: DevicePush;
  /** Asking the browser or the API: the switch waits. */
  busy?: boolean;
  /** Why the last turn on or off did not happen. */
  message?: string | null;
};

export type NotificationsCardProps = {
  reminders: RemindersStatus;
  /** The email switches as the form holds them. */
  values: NotificationPreferences;
  /** The account's streak push switch as it acts now (saved on, and not paused). */
  streakPush: boolean;
  onChange(key: Exclude<keyof NotificationPreferences, 'streakPush'>, on: boolean): void;
  /** The learner's time zone (IANA): every time shown is on their clock. */
  timeZone: string;
  push: PushSwitchState;
  /** Push acts at once on this browser (permission, subscription), not through Save Changes. */
  onPushChange(on: boolean): void;
};

export const NOTIFICATION_TEXTS = {
  emailNotSetUp: 'This PathForge server is not set up to send email: nothing is emailed, and the email switches stay off until it is.',
  emailOffHere: 'Not set up on this server.',
  pushNotSetUp: 'This PathForge server is not set up to send push notifications.',
  pushUnsupported: 'This browser cannot receive push notifications.',
  pushDenied: 'Notifications are blocked for PathForge in this browser. Allow them in the site settings, then turn this on.',
  pushChecking: 'Checking this browser…',
  pushWorking: 'Setting up this browser…',
} as const;

/** "Push reaches 2 browsers, this one included." The count is the server's. */
export function pushDevicesText(devices: number, thisOne: boolean): string {
  if (devices === 0) return 'No browser gets push reminders yet.';
  const browsers = devices === 1 ? '1 browser' : `${devices} browsers`;
  return `Push reaches ${browsers}, ${thisOne ? 'this one included' : 'not this one'}.`;
}

function pushDescription(reminders: RemindersStatus, push: PushSwitchState): string {
  if (reminders.push !== 'ready') return NOTIFICATION_TEXTS.pushNotSetUp;
  if (push.message) return push.message;
  if (push.busy) return NOTIFICATION_TEXTS.pushWorking;
  switch (push.device) {
    case 'checking':
      return NOTIFICATION_TEXTS.pushChecking;
    case 'unsupported':
      return NOTIFICATION_TEXTS.pushUnsupported;
    case 'denied':
      return NOTIFICATION_TEXTS.pushDenied;
    default:
      return pushDevicesText(reminders.pushDevices, push.device === 'on');
  }
}

function Kind({ title, what, when, children }: { title: string; what: string; when?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="1" py="4">
      <Heading as="h3" id={headingId} size="sm" color="fg">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {what}
      </Text>
      {when}
      <Stack gap="0" mt="1" ps={{ base: '0', sm: '4' }} borderStartWidth={{ base: '0', sm: '2px' }} borderColor="border">
        {children}
      </Stack>
    </Stack>
  );
}

function NextTime({ iso, timeZone }: { iso: string | null; timeZone: string }) {
  if (iso === null) return null;
  return (
    <Text color="fg" fontSize="sm">
      Next one: {formatLocalTime(iso, timeZone)}.
    </Text>
  );
}

/**
 * Which messages the learner gets, per kind and channel, what each sends and when the next one
 * would go out; plainly what this server cannot send and when streak reminders paused themselves.
 */
export function NotificationsCard({ reminders, values, streakPush, onChange, timeZone, push, onPushChange }: NotificationsCardProps) {
  const email = reminders.email === 'ready';
  const paused = reminders.pausedAt !== null;
  // On only when this browser is subscribed and the account sends streak reminders by push.
  const pushOn = push.device === 'on' && streakPush;
  const pushDisabled = reminders.push !== 'ready' || push.busy === true || push.device === 'checking' || push.device === 'unsupported';
  const emailSwitch = (key: Exclude<keyof NotificationPreferences, 'streakPush'>, kind: string, description: string) => (
    <SwitchRow
      label="Email"
      hiddenPrefix={`${kind} by `}
      description={email ? description : NOTIFICATION_TEXTS.emailOffHere}
      checked={values[key]}
      disabled={!email}
      onCheckedChange={(on) => onChange(key, on)}
    />
  );

  return (
    <TitledCard title="Notifications" description="Choose what PathForge sends you. Times are on your own clock." icon={<Bell />}>
      {email ? null : (
        <Text color="fg.muted" fontSize="sm" p="3" rounded="md" bg="bg.subtle">
          {NOTIFICATION_TEXTS.emailNotSetUp}
        </Text>
      )}
      <Stack gap="0" separator={<StackSeparator borderColor="border" />}>
        <Kind
          title="Streak at risk"
          what="One reminder in your evening when your streak would end at midnight and you have not learned that day; never two for the same day."
          when={
            paused ? (
              <HStack align="flex-start" gap="2" mt="1" p="3" rounded="md" bg="bg.subtle" role="status">
                <Box color="brand.fg" mt="0.5" flexShrink={0}>
                  <PauseCircle size={16} aria-hidden="true" />
                </Box>
                <Text color="fg" fontSize="sm">
                  Streak reminders paused themselves on {formatLocalTime(reminders.pausedAt as string, timeZone)}, after two weeks of them went unanswered. Turn one
                  on again to resume them.
                </Text>
              </HStack>
            ) : values.streakEmail || pushOn ? (
              <NextTime iso={reminders.nextStreakReminderAt} timeZone={timeZone} />
            ) : null
          }
        >
          {emailSwitch('streakEmail', 'Streak at risk', 'To your sign-in address.')}
          <SwitchRow
            label="Push on this browser"
            hiddenPrefix="Streak at risk by "
            description={pushDescription(reminders, push)}
            checked={pushOn}
            disabled={pushDisabled}
            live
            onCheckedChange={onPushChange}
          />
        </Kind>
        <Kind
          title="Weekly digest"
          what="On Monday morning: last week’s work, XP and streak, and your next task. None when there is nothing to tell."
          when={values.digestEmail ? <NextTime iso={reminders.nextDigestAt} timeZone={timeZone} /> : null}
        >
          {emailSwitch('digestEmail', 'Weekly digest', 'To your sign-in address.')}
        </Kind>
        <Kind title="Product updates" what="News about new paths and features, when there is some.">
          {emailSwitch('updatesEmail', 'Product updates', 'Off unless you turn it on.')}
        </Kind>
        <Kind title="Newsletter" what="A monthly round-up of tips and learner stories.">
          {emailSwitch('newsletterEmail', 'Newsletter', 'Off unless you turn it on.')}
        </Kind>
      </Stack>
    </TitledCard>
  );
}
