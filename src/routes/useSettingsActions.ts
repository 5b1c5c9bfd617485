import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../api/common/client';
import { accountMutations } from '../api/account/client';
import { clockMutations } from '../api/xp/client';
import { accountMessages, emailLinkMessages } from '../domain/account';
import { notify } from '../components/ui/toaster';
import type { ActionState, SaveError, SettingsChanges } from '../screens/Settings/SettingsScreen';
import { useSession } from '../stores/session';

export const SETTINGS_SAVED = 'Settings saved';
export const NOTHING_TO_SAVE = 'There are no changes to save.';

function actionState(mutation: { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown }): ActionState {
  if (mutation.isPending) return { status: 'pending' };
  if (mutation.isError) return { status: 'error', message: apiErrorMessage(mutation.error) };
  if (mutation.isSuccess) return { status: 'success' };
  return { status: 'idle' };
}

/** The profile's refusals about the password that a new email needs go to that field. */
const aboutPassword = (message: string) => message === accountMessages.wrongPassword || message === accountMessages.passwordForEmail;

/**
 * What the Settings page does with the account API: Save Changes (the profile, then the
 * preferences, then the weekly goal, each only when changed; "Settings saved" once the API has
 * kept all of it), Change
 * Password, and Delete Account (signed out, the cache cleared, to the landing page).
 */
export function useSettingsActions() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const saveProfile = useMutation(accountMutations.saveProfile(client));
  const savePreferences = useMutation(accountMutations.savePreferences(client));
  const saveWeeklyGoal = useMutation(clockMutations.weeklyGoal(client));
  const changePassword = useMutation(accountMutations.changePassword());
  const deleteAccount = useMutation(accountMutations.deleteAccount());
  const resendEmail = useMutation(accountMutations.resendEmailLink());
  const cancelEmail = useMutation(accountMutations.cancelEmailChange(client));
  const sendPasswordLink = useMutation(accountMutations.sendPasswordLink());
  const [saveError, setSaveError] = useState<SaveError | null>(null);

  async function save(changes: SettingsChanges) {
    if (!changes.profile && !changes.preferences && changes.weeklyGoal === undefined) {
      setSaveError(null);
      notify('info', NOTHING_TO_SAVE);
      return;
    }
    setSaveError(null);
    resendEmail.reset();
    cancelEmail.reset();
    // A new email is not saved: it waits for its link, and the toast says so instead of "saved".
    let waitingFor: string | null = null;
    try {
      if (changes.profile) {
        const { profile } = await saveProfile.mutateAsync(changes.profile);
        if (changes.profile.currentPassword !== undefined) waitingFor = profile.pendingEmail;
        // The sidebar and the greeting show the new name at once (the email stays until confirmed).
        const { user } = useSession.getState();
        if (user) useSession.getState().userConfirmed({ ...user, username: profile.username, email: profile.email });
      }
      if (changes.preferences) await savePreferences.mutateAsync(changes.preferences);
      if (changes.weeklyGoal !== undefined) await saveWeeklyGoal.mutateAsync(changes.weeklyGoal);
      if (waitingFor === null) notify('success', SETTINGS_SAVED);
      else notify('info', emailLinkMessages.checkInbox(waitingFor));
    } catch (error) {
      const message = apiErrorMessage(error);
      setSaveError({ message, field: aboutPassword(message) ? 'currentPassword' : undefined });
    }
  }

  return {
    isSaving: saveProfile.isPending || savePreferences.isPending || saveWeeklyGoal.isPending,
    saveError,
    onSave: (changes: SettingsChanges) => void save(changes),
    passwordChange: actionState(changePassword),
    onChangePassword: (values: { currentPassword: string; newPassword: string }) =>
      changePassword.mutate(values, { onSuccess: (message) => notify('success', message) }),
    emailResend: actionState(resendEmail),
    onResendEmail: () => resendEmail.mutate(),
    emailCancel: actionState(cancelEmail),
    onCancelEmailChange: () => cancelEmail.mutate(undefined, { onSuccess: () => notify('success', accountMessages.changeCancelled) }),
    passwordLink: actionState(sendPasswordLink),
    onSendPasswordLink: () => sendPasswordLink.mutate(undefined, { onSuccess: (message) => notify('success', message) }),
    accountDeletion: actionState(deleteAccount),
    onDeleteAccount: (values: { password: string }) =>
      deleteAccount.mutate(values, {
        onSuccess: (message) => {
          useSession.getState().logout({ byUser: true });
          navigate('/', { replace: true });
          client.clear();
          notify('success', message);
        },
      }),
  };
}
