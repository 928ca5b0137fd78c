import type { LoginInput } from '@domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { TimedAlert } from '@web/components/alerts/TimedAlert';
import { ButtonLink } from '@web/components/ButtonLink';
import { TextField } from '@web/components/form/TextField';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { type FormEvent, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { loginRequest } from './authApi';
import { loginFailureMessage } from './loginFailureMessage';

type Field = keyof LoginInput;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['userName', 'password'];

// The schema (with zod) loads once the form is first focused, not with the page; and the form holds its
// two fields itself rather than loading react-hook-form (15 KB brotli, the largest part of the login page
// after React: docs/perf-notes/web.md). It behaves as the react-hook-form forms do: checked on submit,
// then again on every change, focus on the first field in error, the first message of each field.
let schemaLoading: Promise<typeof import('@domain/schemas/auth')['loginSchema']> | undefined;
function loadSchema() {
  schemaLoading ??= import('@domain/schemas/auth').then((module) => module.loginSchema);
  // A failed download is tried again on the next submit rather than remembered.
  schemaLoading.catch(() => {
    schemaLoading = undefined;
  });
  return schemaLoading;
}

async function validate(values: LoginInput): Promise<{ data?: LoginInput; errors: Errors }> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * User name and password. On success the ticket is stored and the routing takes over: the home
 * route sends the user to the returnUrl, the guard to the password change when one is required.
 */
export function LoginForm() {
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<LoginInput>({ userName: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const submitted = useRef(false);
  const inputs = { userName: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const mutation = useMutation({ mutationFn: loginRequest });

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted.current) return;
    void validate(next).then(
      ({ errors: found }) => setErrors((current) => ({ ...current, [field]: found[field] })),
      () => undefined,
    );
  };

  const fail = (message: string) => {
    setFailure(message);
    // docs/product.md#messages: the password is cleared after a failed attempt.
    setValues((current) => ({ ...current, password: '' }));
    setErrors((current) => ({ ...current, password: undefined }));
    inputs.password.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const { data, errors: found } = await validate(values);
    setErrors(found);
    if (!data) {
      inputs[FIELDS.find((field) => found[field]) ?? 'userName'].current?.focus();
      return;
    }
    setFailure(null);
    try {
      const envelope = await mutation.mutateAsync(data);
      if (envelope?.isSuccess && envelope.data) login(envelope.data);
      else fail(loginFailureMessage({ envelope: envelope ?? { isSuccess: false, message: '' } }));
    } catch (error) {
      fail(loginFailureMessage({ error }));
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadSchema().catch(() => undefined)}
      noValidate
      aria-describedby={failure ? 'login-failure' : undefined}
    >
      {failure ? (
        <div id="login-failure">
          <TimedAlert variant="danger" onClose={() => setFailure(null)}>
            {failure}
          </TimedAlert>
        </div>
      ) : null}
      <TextField
        label="User Name"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.userName}
        name="userName"
        ref={inputs.userName}
        value={values.userName}
        onChange={(e) => change('userName', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        name="password"
        ref={inputs.password}
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
      />
      <div className="smr-login-links">
        <Link to={paths.forgotPassword}>Forgot Password?</Link>
        <Link to={paths.forgotUserName}>Forgot User Name?</Link>
      </div>
      <div className="d-grid gap-2">
        <Button type="submit" variant="primary" size="lg" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
          Login
        </Button>
      </div>
      <div className="smr-login-register">
        <span>New to the SM Roadmap?</span>
        <ButtonLink to={paths.register} variant="outline-primary">
          Register
        </ButtonLink>
      </div>
    </form>
  );
}
