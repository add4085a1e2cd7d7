import {
  CONSULTANCY_DELIVERABLES,
  CONSULTANCY_INDUSTRIES,
  CONSULTANCY_PAGE,
  CONSULTATION_STEPS,
} from "@/features/services/content/rpas-consultancy";
import { ServiceDetailsPage } from "@/features/services/details-section";
import { ListCard } from "@/features/services/list-card";
import { ProcessSteps } from "@/features/services/process-steps";
import { ServiceSection } from "@/features/services/section";
import { HydrateLater } from "@/lib/hydrate-later";

export default function RpasConsultancyPage() {
  return (
    <ServiceDetailsPage content={CONSULTANCY_PAGE}>
      <ServiceSection
        id="deliverables"
        heading="What you receive"
        description="Every engagement ends with practical, organisation-specific documents, not generic templates."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          {/* Each card hydrates in a task of its own, as the detail cards above (web/lib/hydrate-later.tsx). */}
          <HydrateLater name="deliverables">
            <ListCard {...CONSULTANCY_DELIVERABLES} />
          </HydrateLater>
          <HydrateLater name="industries">
            <ListCard {...CONSULTANCY_INDUSTRIES} />
          </HydrateLater>
        </div>
      </ServiceSection>
      <ServiceSection
        id="process"
        heading="How an engagement works"
        description="A clear four-step process with typical durations, so you can plan budgets and timelines with confidence."
        tone="muted"
      >
        <HydrateLater name="process">
          <ProcessSteps steps={CONSULTATION_STEPS} />
        </HydrateLater>
      </ServiceSection>
    </ServiceDetailsPage>
  );
}
