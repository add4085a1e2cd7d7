import { TRAINING_PAGE } from "@/features/services/content/training";
import { CourseCard } from "@/features/services/course-card";
import { ServiceSection } from "@/features/services/section";
import { ServicePage } from "@/features/services/service-page";
import { HydrateLater } from "@/lib/hydrate-later";

export default function TrainingPage() {
  const { details } = TRAINING_PAGE;
  return (
    <ServicePage content={TRAINING_PAGE}>
      <ServiceSection id="courses" heading={details.heading} description={details.description} tone="muted">
        <div className="grid gap-8 lg:grid-cols-3 lg:gap-6">
          {details.items.map((course) => (
            <HydrateLater key={course.title} name={`course-${course.title}`}>
              <CourseCard {...course} />
            </HydrateLater>
          ))}
        </div>
      </ServiceSection>
    </ServicePage>
  );
}
