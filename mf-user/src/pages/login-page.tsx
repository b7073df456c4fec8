import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, HStack, Link, Spinner, Stack } from '@chakra-ui/react';
import { Codes, cookieNames, frameMessages, messages, redirectMs, toastMs, userMessages } from '@portal/contracts';
import {
  addressParams,
  getCookie,
  hasSessionMarker,
  localRecords,
  notify,
  usePortal,
  useSession,
} from '@portal/platform';
import { login } from '../features/account/api/login';
import { AuthCard } from '../features/account/components/auth-card';
import { TextField } from '../features/account/components/form-field';
import { loginFailureMessage } from '../features/account/lib/login-failure';
import { validateLogin, type LoginField } from '../features/account/lib/validators';
import { localFlag } from '../lib/local-flag';

// Staff with a second factor only: its own chunk (with react-hook-form), fetched after the
// password was right, never on a visitor's first page.
const SecondFactorStep = lazy(() =>
  import('../features/account/components/second-factor-step').then((mod) => ({ default: mod.SecondFactorStep })),
);

/** Local flag of spec-1 §3: the `?c=` visitor was already sent to register once. */
export const JUMP_TO_REGISTER_FLAG = 'alreadyJumpToRegister';

/**
 * The login page keeps its two fields in state, the one form not on react-hook-form: it is a
 * visitor's first page, and react-hook-form with the TypeBox resolver would add about 30 KB
 * (gzip) to the 200 KB of JavaScript the first visit may take (e2e/platform/first-page.spec.ts).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const isAgency = usePortal((s) => s.isAgency);
  const refresh = useSession((s) => s.refresh);
  const [email, setEmail] = useState(() => getCookie(cookieNames.lastRegister) ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [loading, setLoading] = useState(false);
  // Staff with a second factor: the password was right, the code comes next (issue 25).
  const [ticket, setTicket] = useState<{ ticket: string; totp: boolean; passkeys: boolean }>();
  // Whether the login page is still shown: a user who went elsewhere while the login was being
  // completed stays where they went instead of being sent home.
  const onPage = useRef(true);
  useEffect(() => {
    onPage.current = true;
    return () => {
      onPage.current = false;
    };
  }, []);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (hasSessionMarker()) {
      // A session exists: load the user and go home (a stale marker leaves the form in place).
      void refresh().then((user) => {
        if (!cancelled && user) navigate('/', { replace: true });
      });
    } else if (addressParams().get('c') && !localFlag.get(JUMP_TO_REGISTER_FLAG)) {
      // An invited visitor who never logged in on this browser is sent to register, once.
      void localRecords.hasLogin().then((hasLogin) => {
        if (cancelled || hasLogin || localFlag.get(JUMP_TO_REGISTER_FLAG)) return;
        localFlag.set(JUMP_TO_REGISTER_FLAG, '1');
        timer = setTimeout(() => navigate('/register'), redirectMs.loginToRegisterCheck);
      });
    }
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [navigate, refresh]);

  async function signedIn() {
    await localRecords.addLogin();
    await refresh();
    if (onPage.current) navigate('/');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (found.email || found.password) return;
    setLoading(true);
    const result = await login({ email: email.trim(), password });
    if (result.code === Codes.OK) {
      await signedIn();
      return;
    }
    setLoading(false);
    if (result.code === Codes.SECOND_FACTOR_NEEDED && result.data.ticket) {
      setTicket({
        ticket: result.data.ticket,
        totp: result.data.totp ?? true,
        passkeys: result.data.passkeys ?? false,
      });
      return;
    }
    // A network failure was already reported by the API client.
    if (result.status === 502) return;
    setErrors({ password: loginFailureMessage(result) });
    notify({ kind: 'error', title: messages.login.failedToast, durationMs: toastMs.short });
  }

  return (
    <AuthCard
      title={userMessages.login.title}
      footer={
        <HStack justify="space-between" width="full" flexWrap="wrap">
          <Link asChild colorPalette="brand">
            <RouterLink to="/reset">{userMessages.login.forgot}</RouterLink>
          </Link>
          {!isAgency && (
            <Link asChild colorPalette="brand" data-testid="quick-register">
              <RouterLink to="/register">{userMessages.login.quickRegister}</RouterLink>
            </Link>
          )}
        </HStack>
      }
    >
      {ticket !== undefined ? (
        <Suspense fallback={<Spinner alignSelf="center" aria-label={frameMessages.loading} />}>
          <SecondFactorStep
            ticket={ticket.ticket}
            totp={ticket.totp}
            passkeys={ticket.passkeys}
            onSignedIn={signedIn}
            onBack={(message) => {
              setTicket(undefined);
              setPassword('');
              if (message !== undefined) setErrors({ password: message });
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <TextField
              label={userMessages.fields.email}
              error={errors.email}
              type="email"
              name="email"
              autoComplete="username"
              placeholder={userMessages.fields.emailPlaceholder}
              value={email}
              onValueChange={setEmail}
            />
            <TextField
              label={userMessages.fields.password}
              error={errors.password}
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder={userMessages.fields.passwordPlaceholder}
              value={password}
              onValueChange={setPassword}
            />
            <Button
              type="submit"
              colorPalette="brand"
              loading={loading}
              loadingText={messages.login.loading}
              width="full"
            >
              {userMessages.login.submit}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
