import type { OrganizationOverview } from '@domain/schemas/organizationOverviewView';

type Stages = NonNullable<OrganizationOverview['roadmap']>['stages'];

/**
 * The roadmap's stages in order with the current one marked (in text as well as colour): done,
 * current, to come. A list, so a screen reader hears 'step 3 of 5'.
 */
export function RoadmapStepper({ stages, current }: { stages: Stages; current: string | null }) {
  const at = stages.findIndex((s) => s.code === current);
  return (
    <ol className="smr-stepper" aria-label="Roadmap stages">
      {stages.map((stage, i) => {
        const state = at < 0 || i > at ? 'todo' : i === at ? 'current' : 'done';
        return (
          <li
            key={stage.code}
            className={`smr-step smr-step-${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="smr-step-marker" aria-hidden>
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className="smr-step-name">
              {stage.name}
              {state === 'current' ? <span className="visually-hidden"> (current stage)</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
