import { TRIAL_ASSESSMENT_CODE } from '@domain/codes';
import { messages } from '@domain/messages';
import { ButtonLink } from '@web/components/ButtonLink';
import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { assessmentPaths, paths } from '@web/lib/paths';
import { Navigate, useParams } from 'react-router';
import { afterIntro, skipsGetStarted } from '../flow';
import { VideoEmbed } from '../video/VideoEmbed';
import { IntroSteps } from './IntroSteps';
import {
  beforeGetStartedNote,
  INTRO_VIDEO_HOSTS,
  type IntroCode,
  introCodes,
  introPages,
  introVideos,
  trialNote,
} from './introContent';
import { ReturningNotice } from './ReturningNotice';
import '../assessment.css';

const isIntroCode = (value: string | undefined): value is IntroCode =>
  (introCodes as readonly string[]).includes(value ?? '');

/** /intro/{assessmentCode}[/{introCode}]: 'Before You Get Started' (docs/product.md#screens). */
export function IntroPage() {
  const { assessmentCode = '', introCode } = useParams();
  const { role } = useAuth();
  if (introCode !== undefined && !isIntroCode(introCode)) return <Navigate to={paths.notFound} replace />;
  const current: IntroCode = introCode ?? introCodes[0];
  const index = introCodes.indexOf(current);
  const content = introPages[current];
  const isLast = index === introCodes.length - 1;
  const previous = index === 0 ? paths.home : assessmentPaths.intro(assessmentCode, introCodes[index - 1]);
  const next = isLast
    ? afterIntro(role, assessmentCode)
    : assessmentPaths.intro(assessmentCode, introCodes[index + 1]);
  const List = content.list?.ordered ? 'ol' : 'ul';
  const video = introVideos[current];

  return (
    <Page title={messages.assessment.introTitle} className="smr-page-medium smr-intro">
      <h1 className="smr-flow-title">{messages.assessment.introTitle}</h1>
      <IntroSteps assessmentCode={assessmentCode} current={current} />
      <ReturningNotice assessmentCode={assessmentCode} />
      <article className="smr-card smr-intro-card" aria-labelledby="smr-intro-heading">
        <p className="smr-flow-overline">
          Step {index + 1} of {introCodes.length}
        </p>
        <h2 id="smr-intro-heading" className="smr-intro-heading">
          {content.heading}
        </h2>
        <VideoEmbed source={video} hosts={INTRO_VIDEO_HOSTS} title={content.heading} />
        <div className="smr-intro-text">
          {content.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {content.list ? (
            <div className="smr-intro-list">
              <h3 className="smr-intro-list-title">{content.list.title}</h3>
              <List>
                {content.list.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </List>
            </div>
          ) : null}
          {isLast && assessmentCode === TRIAL_ASSESSMENT_CODE ? <p>{trialNote}</p> : null}
          {isLast && !skipsGetStarted(role) ? <p>{beforeGetStartedNote}</p> : null}
        </div>
        <nav className="smr-flow-actions" aria-label="Intro pages">
          <ButtonLink to={previous} variant="outline-secondary">
            Previous
          </ButtonLink>
          <ButtonLink to={next}>Continue</ButtonLink>
        </nav>
      </article>
    </Page>
  );
}
