import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useLogin, useMe, useSignup } from '../api/account.ts';

/** Sign up (email, password, workspace) and sign in, side by side; the server's message names the field at fault. */
export function AccountForms({ onSignedIn }: { onSignedIn: () => void }) {
  const me = useMe();
  const signup = useSignup();
  const login = useLogin();
  const [signupForm, setSignupForm] = useState({ email: '', password: '', workspace: '' });
  const [loginForm, setLoginForm] = useState({ email: '', password: '' });

  const submitSignup = (event: FormEvent) => {
    event.preventDefault();
    signup.mutate({ email: signupForm.email, password: signupForm.password, workspace_name: signupForm.workspace }, { onSuccess: onSignedIn });
  };
  const submitLogin = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: loginForm.email, password: loginForm.password }, { onSuccess: onSignedIn });
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader level={2} title="Create an account" description="A workspace for your organisation; you are its owner and can invite analysts and viewers." />
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
            <Button type="submit" disabled={signup.isPending}>{signup.isPending ? 'Creating…' : 'Sign up'}</Button>
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
            <Button type="submit" disabled={login.isPending}>{login.isPending ? 'Signing in…' : 'Sign in'}</Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
