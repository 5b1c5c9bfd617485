import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useSearchParams } from 'react-router-dom';
import { emailLinkQueries } from '../api/auth/client';
import { apiErrorMessage } from '../api/common/client';
import { accountKeys } from '../api/account/client';
import { EmailLinkScreen, type EmailLinkKind, type EmailLinkState } from '../screens/EmailLink/EmailLinkScreen';
import { useSession } from '../stores/session';

/** A token can only be what the API mints (43 base64url characters); anything else is not a link. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function EmailLinkRoute({ kind }: { kind: EmailLinkKind }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = TOKEN.test(token);
  const client = useQueryClient();
  const signedIn = useSession((s) => s.user !== null);
  // Nothing is sent when the page opens (a mail scanner may run it): only after the one click.
  const [asked, setAsked] = useState(false);
  const query = useQuery({ ...emailLinkQueries.open(kind, token), enabled: valid && asked });

  useEffect(() => {
    if (!query.isSuccess) return;
    // Undone: every session of the account ended, this device's too. Confirmed: the banner and
    // Settings read the account again.
    if (kind === 'undo') useSession.getState().logout();
    else void client.invalidateQueries({ queryKey: accountKeys.settings() });
  }, [query.isSuccess, kind, client]);

  let state: EmailLinkState;
  if (!valid || (query.isError && isAxiosError(query.error) && query.error.response?.status === 400)) state = { status: 'invalid' };
  else if (query.isError) state = { status: 'error', message: apiErrorMessage(query.error) };
  else if (query.isSuccess) state = { status: 'done', ...query.data };
  else if (!asked) state = { status: 'ready' };
  else state = { status: 'checking' };

  return (
    <EmailLinkScreen kind={kind} state={state} signedIn={signedIn && kind === 'confirm'} onConfirm={() => setAsked(true)} onRetry={() => void query.refetch()} />
  );
}

/** /confirm-email?token=…: a registration's or a new address's confirmation link. */
export const ConfirmEmailRoute = () => <EmailLinkRoute kind="confirm" />;
/** /undo-email-change?token=…: the link mailed to the address being replaced. */
export const UndoEmailChangeRoute = () => <EmailLinkRoute kind="undo" />;
