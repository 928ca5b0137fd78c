import { CheckIcon } from '@web/components/icons/icons';
import { assessmentPaths } from '@web/lib/paths';
import { Link } from 'react-router';
import { type IntroCode, introCodes, introPages } from './introContent';

/** The step indicator of the intro pages: every page is a link, the current one is marked. */
export function IntroSteps({ assessmentCode, current }: { assessmentCode: string; current: IntroCode }) {
  const currentIndex = introCodes.indexOf(current);
  return (
    <nav aria-label="Intro steps" className="smr-steps">
      <ol>
        {introCodes.map((code, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li key={code} className={`smr-step smr-step-${state}`}>
              <Link
                to={assessmentPaths.intro(assessmentCode, code)}
                aria-current={state === 'current' ? 'step' : undefined}
                className="smr-step-link"
              >
                <span className="smr-step-marker" aria-hidden="true">
                  {state === 'done' ? <CheckIcon size={14} /> : index + 1}
                </span>
                <span className="smr-step-label">{introPages[code].label}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
