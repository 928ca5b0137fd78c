import type { LoginInput } from '@domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { TimedAlert } from '@web/components/alerts/TimedAlert';
import { ButtonLink } from '@web/components/ButtonLink';
import { lazySchemaResolver } from '@web/components/form/lazySchemaResolver';
import { TextField } from '@web/components/form/TextField';
import { useAuth } from '@web/lib/auth/useAuth';
import { paths } from '@web/lib/paths';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginRequest } from './authApi';
import { loginFailureMessage } from './loginFailureMessage';

// The schema (with zod) loads once the form is first focused, not with the page (docs/decisions.md#performance's budget).
const loginValidation = lazySchemaResolver(async () => (await import('@domain/schemas/auth')).loginSchema);

/**
 * User name and password. On success the ticket is stored and the routing takes over: the home
 * route sends the user to the returnUrl, the guard to the password change when one is required.
 */
export function LoginForm() {
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: loginValidation.resolver,
    defaultValues: { userName: '', password: '' },
  });

  const mutation = useMutation({ mutationFn: loginRequest });

  const fail = (message: string) => {
    setFailure(message);
    // docs/product.md#messages: the password is cleared after a failed attempt.
    resetField('password');
    setFocus('password');
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const envelope = await mutation.mutateAsync(values);
      if (envelope?.isSuccess && envelope.data) login(envelope.data);
      else fail(loginFailureMessage({ envelope: envelope ?? { isSuccess: false, message: '' } }));
    } catch (error) {
      fail(loginFailureMessage({ error }));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={loginValidation.preload}
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
        error={errors.userName?.message}
        {...register('userName')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
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
