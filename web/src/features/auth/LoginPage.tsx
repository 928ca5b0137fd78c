import { ChartIcon, ClipboardCheckIcon, RoadmapIcon } from '@web/components/icons/icons';
import { Logo } from '@web/components/Logo';
import { Page } from '@web/components/Page';
import { LoginForm } from './LoginForm';

const highlights = [
  { icon: <ClipboardCheckIcon />, text: 'Assess your current and future state business practices.' },
  { icon: <ChartIcon />, text: 'See how your results compare and where to improve.' },
  { icon: <RoadmapIcon />, text: 'Plan your smart-manufacturing roadmap with your coach.' },
];

/**
 * The anonymous home page (/ and /login): the sign-in form beside a product introduction. The form
 * comes first in the document (heading order, keyboard order); CSS puts the introduction on the left
 * on wide screens.
 */
export function LoginPage() {
  return (
    <Page title="Sign In" className="smr-login">
      <div className="smr-login-grid">
        <section className="smr-login-card" aria-labelledby="smr-login-title">
          <h1 id="smr-login-title" className="smr-login-title">
            Sign In
          </h1>
          <p className="smr-login-subtitle">Welcome back. Enter your user name and password.</p>
          <LoginForm />
        </section>
        <section className="smr-login-hero" aria-labelledby="smr-hero-title">
          <Logo size={52} />
          <h2 id="smr-hero-title" className="smr-login-hero-title">
            Smart Manufacturing Roadmap
          </h2>
          <p className="smr-login-hero-lead">
            A business practices assessment and roadmap programme for manufacturers, their consultants and the
            institute that supports them.
          </p>
          <ul className="smr-login-highlights">
            {highlights.map(({ icon, text }) => (
              <li key={text}>
                <span className="smr-login-highlight-icon">{icon}</span>
                {text}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Page>
  );
}
