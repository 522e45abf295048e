import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useConfirmSignup, useLogin, useMe, useRequestPasswordReset, useResetPassword, useSignup } from '../api/account.ts';
import { rememberNextAfterSignUp } from '../next-after-sign-up.ts';

type AccountFormsProps = {
  onSignedIn: () => void;
  /** The token of a sign-up link (`/account?signup_token=`): the account is created and signed in. */
  signupToken?: string | null;
  /** The token of a password-reset link (`/account?reset_token=`): a new password is chosen. */
  resetToken?: string | null;
  /** The page the visitor asked for: a sign-up keeps it for when its mailed link signs them in. */
  next?: string | null;
};

/**
 * Sign up (email, password, workspace) and sign in, side by side, with "Forgot your password?";
 * or, opened from a mailed link, the sign-up's confirmation or the new password. The server's
 * message names the field at fault; a sign-up or a reset request answers "check your email".
 */
export function AccountForms({ onSignedIn, signupToken, resetToken, next }: AccountFormsProps) {
  if (signupToken) return <ConfirmSignup token={signupToken} onSignedIn={onSignedIn} />;
  if (resetToken) return <ChooseNewPassword token={resetToken} onSignedIn={onSignedIn} />;
  return <SignUpAndSignIn onSignedIn={onSignedIn} next={next ?? null} />;
}

function SentNotice({ message }: { message: string }) {
  return <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">{message}</p>;
}

function SignUpAndSignIn({ onSignedIn, next }: { onSignedIn: () => void; next: string | null }) {
  const me = useMe();
  const signup = useSignup();
  const login = useLogin();
  const requestReset = useRequestPasswordReset();
  const [signupForm, setSignupForm] = useState({ email: '', password: '', workspace: '' });
  const [loginForm, setLoginForm] = useState({ email: '', password: '' });
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [resetEmail, setResetEmail] = useState('');

  const submitSignup = (event: FormEvent) => {
    event.preventDefault();
    rememberNextAfterSignUp(next);
    signup.mutate({ email: signupForm.email, password: signupForm.password, workspace_name: signupForm.workspace }, { onSuccess: () => setSignupForm({ ...signupForm, password: '' }) });
  };
  const submitLogin = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: loginForm.email, password: loginForm.password }, { onSuccess: onSignedIn });
  };
  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    requestReset.mutate({ email: resetEmail });
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader level={2} title="Create an account" description="A workspace for your organisation; you are its owner and can invite analysts and viewers. We email you a link to finish." />
        <CardContent>
          <form onSubmit={submitSignup} className="space-y-4">
            <Field label="Email" htmlFor="signup-email">
              <Input id="signup-email" type="email" autoComplete="email" required value={signupForm.email} onChange={(event) => setSignupForm({ ...signupForm, email: event.target.value })} />
            </Field>
            <Field label="Password" htmlFor="signup-password" hint={me.data?.password_rules}>
              <Input id="signup-password" type="password" autoComplete="new-password" required value={signupForm.password} onChange={(event) => setSignupForm({ ...signupForm, password: event.target.value })} />
            </Field>
            <Field label="Workspace name" htmlFor="signup-workspace" hint="Your organisation, e.g. Harbour Lending">
              <Input id="signup-workspace" required value={signupForm.workspace} onChange={(event) => setSignupForm({ ...signupForm, workspace: event.target.value })} />
            </Field>
            {signup.error ? <p role="alert" className="text-sm text-red-700">{signup.error.message}</p> : null}
            {signup.data ? <SentNotice message={signup.data.message} /> : null}
            <Button type="submit" disabled={signup.isPending}>{signup.isPending ? 'Sending…' : 'Sign up'}</Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader level={2} title="Sign in" />
        <CardContent>
          <form onSubmit={submitLogin} className="space-y-4">
            <Field label="Email" htmlFor="login-email">
              <Input id="login-email" type="email" autoComplete="email" required value={loginForm.email} onChange={(event) => setLoginForm({ ...loginForm, email: event.target.value })} />
            </Field>
            <Field label="Password" htmlFor="login-password">
              <Input id="login-password" type="password" autoComplete="current-password" required value={loginForm.password} onChange={(event) => setLoginForm({ ...loginForm, password: event.target.value })} />
            </Field>
            {login.error ? <p role="alert" className="text-sm text-red-700">{login.error.message}</p> : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={login.isPending}>{login.isPending ? 'Signing in…' : 'Sign in'}</Button>
              <button type="button" className="text-sm text-sky-700 underline" aria-expanded={isResetOpen} onClick={() => setIsResetOpen(!isResetOpen)}>Forgot your password?</button>
            </div>
          </form>
          {isResetOpen ? (
            <form onSubmit={submitReset} className="mt-6 space-y-4 border-t border-slate-200 pt-4" aria-label="Reset your password">
              <Field label="Email for the reset link" htmlFor="reset-email">
                <Input id="reset-email" type="email" autoComplete="email" required value={resetEmail} onChange={(event) => setResetEmail(event.target.value)} />
              </Field>
              {requestReset.error ? <p role="alert" className="text-sm text-red-700">{requestReset.error.message}</p> : null}
              {requestReset.data ? <SentNotice message={requestReset.data.message} /> : null}
              <Button type="submit" disabled={requestReset.isPending}>{requestReset.isPending ? 'Sending…' : 'Email me a reset link'}</Button>
            </form>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}

/** Opened from the sign-up message: creates the account once, then signs in. */
function ConfirmSignup({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const confirm = useConfirmSignup();
  const hasStarted = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development: the link works once.
    if (hasStarted.current) return;
    hasStarted.current = true;
    confirm.mutate({ token }, { onSuccess: onSignedIn });
  }, [confirm, token, onSignedIn]);
  return (
    <Card>
      <CardHeader level={2} title="Finishing your sign-up" />
      <CardContent>
        {confirm.error ? <p role="alert" className="text-sm text-red-700">{confirm.error.message}</p> : <p role="status" className="text-sm text-slate-700">Creating your account and workspace…</p>}
      </CardContent>
    </Card>
  );
}

/** Opened from the reset message: a new password, which signs you out everywhere else. */
function ChooseNewPassword({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const me = useMe();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token, password }, { onSuccess: onSignedIn });
  };
  return (
    <Card>
      <CardHeader level={2} title="Choose a new password" description="Saving it signs you out on every other device." />
      <CardContent>
        <form onSubmit={submit} className="max-w-md space-y-4">
          <Field label="New password" htmlFor="reset-password" hint={me.data?.password_rules}>
            <Input id="reset-password" type="password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field>
          {reset.error ? <p role="alert" className="text-sm text-red-700">{reset.error.message}</p> : null}
          <Button type="submit" disabled={reset.isPending}>{reset.isPending ? 'Saving…' : 'Save the new password'}</Button>
        </form>
      </CardContent>
    </Card>
  );
}
